/** The editor's React root (/__edit), rendered by start-editor.ts with the reads it started. */
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageEditor } from './page-editor';
import { RouteList } from './route-list';
import type { View } from './start-editor';
import { backend } from './model/editor-backend';
import styles from './editor.module.css';

/** Why a page did not open; a path that now redirects (renamed, or its route removed) links to where it leads. */
function Failure({ path, message, redirectsTo }: { path: string | null; message: string; redirectsTo?: string }) {
  return (
    <main className={styles.list} id="main">
      <h1 className={styles.listTitle}>{redirectsTo === undefined ? 'The editor could not open this page' : `${path} has moved`}</h1>
      <p role="alert">
        {redirectsTo === undefined ? (
          message
        ) : (
          <>
            {path} now redirects to {redirectsTo}, so visitors and old links are sent there. <a href={backend().editorUrl(redirectsTo)}>Edit {redirectsTo}</a>
          </>
        )}
      </p>
      <p>
        <a href={backend().editorPath}>Back to the list of pages</a>
      </p>
    </main>
  );
}

/** `reading`: the reads, started before the first render (an effect would start them only after it). */
function Editor({ path, reading }: { path: string | null; reading: Promise<View> }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  useEffect(() => void reading.then(setView), [reading]);
  let content: ReactNode;
  if (view.kind === 'failed') content = <Failure path={path} message={view.message} redirectsTo={view.redirectsTo} />;
  else if (view.kind === 'list') content = <RouteList site={view.site} disk={view.disk} pages={view.pages} />;
  // A page's editor is laid out while the page is read, so its preview frame loads meanwhile.
  else if (path !== null) content = <PageEditor opened={view.kind === 'page'} />;
  else content = <p className={styles.loading}>Opening…</p>;
  return content;
}

export function mountEditor(container: HTMLElement, path: string | null, reading: Promise<View>): void {
  document.documentElement.classList.add(styles.editorRoot!);
  // Not in StrictMode: the editor runs only under the dev server, where StrictMode renders everything twice and runs
  // every effect twice; on a long page that was seconds of its opening (and the page read and parsed twice).
  createRoot(container).render(<Editor path={path} reading={reading} />);
}
