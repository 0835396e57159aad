/** The editor's React root (/__edit), rendered by start-editor.ts with the reads it started. */
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageEditor } from './page-editor';
import { RouteList } from './route-list';
import type { View } from './start-editor';
import { EDITOR_PATH } from '../shared/editor-contract';
import styles from './editor.module.css';

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

export function mountEditor(container: HTMLElement, path: string | null, reading: Promise<View>): void {
  document.documentElement.classList.add(styles.editorRoot!);
  // Not in StrictMode: the editor runs only under the dev server, where StrictMode renders everything twice and runs
  // every effect twice; on a long page that was seconds of its opening (and the page read and parsed twice).
  createRoot(container).render(<Editor path={path} reading={reading} />);
}
