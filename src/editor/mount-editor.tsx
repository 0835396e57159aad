/**
 * The dev-only editor (/__edit) and its preview frame (/__edit/preview), started by src/browser-app.tsx only under
 * the dev server: the production build drops that branch, so none of this is ever bundled.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSite, openPage } from './editor-session';
import { PageEditor } from './page-editor';
import { RouteList } from './route-list';
import type { SiteValue } from './site-store';
import type { DiskState } from './editor-store';
import styles from './editor.module.css';

export const EDITOR_PATH = '/__edit';

function Failure({ message }: { message: string }) {
  return (
    <main className={styles.list} id="main">
      <h1 className={styles.listTitle}>The editor could not open this page</h1>
      <p role="alert">{message}</p>
      <p>
        <a href={EDITOR_PATH}>Back to the list of pages</a>
      </p>
    </main>
  );
}

type View = { kind: 'loading' } | { kind: 'list'; site: SiteValue; disk: DiskState; pages: string[] } | { kind: 'page' } | { kind: 'failed'; message: string };

/** What the editor shows once its reads are done: the list of pages, or the page at `path`. */
function readView(path: string | null, select: 'header' | 'footer' | null): Promise<View> {
  const opened = path === null ? loadSite().then(({ site, disk, pages }) => ({ kind: 'list' as const, site, disk, pages })) : openPage(path, select ?? undefined).then(() => ({ kind: 'page' as const }));
  return opened.catch((error: unknown) => ({ kind: 'failed' as const, message: (error as Error).message }));
}

/** `reading`: the reads, started before the first render (an effect would start them only after it). */
function Editor({ path, reading }: { path: string | null; reading: Promise<View> }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  useEffect(() => void reading.then(setView), [reading]);
  let content: ReactNode;
  if (view.kind === 'failed') content = <Failure message={view.message} />;
  else if (view.kind === 'list') content = <RouteList site={view.site} disk={view.disk} pages={view.pages} />;
  // A page's editor is laid out while the page is read, so its preview frame loads meanwhile.
  else if (path !== null) content = <PageEditor opened={view.kind === 'page'} />;
  else content = <p className={styles.loading}>Opening…</p>;
  return content;
}

export function mountEditor(container: HTMLElement): void {
  const query = new URLSearchParams(window.location.search);
  const path = query.get('path');
  const select = query.get('select');
  document.title = path ? `Edit ${path}` : 'Edit a page';
  document.documentElement.classList.add(styles.editorRoot!);
  // Not in StrictMode: the editor runs only under the dev server, where StrictMode renders everything twice and runs
  // every effect twice; on a long page that was seconds of its opening (and the page read and parsed twice).
  const reading = readView(path, select === 'header' || select === 'footer' ? select : null);
  createRoot(container).render(<Editor path={path} reading={reading} />);
}
