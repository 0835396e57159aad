/** /__edit: every route of pages.json with the document it shows; each opens in the editor. */
import type { DiskState } from './model/editor-store';
import { NewPageForm } from './new-page-form';
import type { SiteValue } from './model/site-store';
import { backend } from './model/editor-backend';
import styles from './editor.module.css';

export function RouteList({ site, disk, pages }: { site: SiteValue; disk: DiskState; pages: string[] }) {
  const routes = [...(site.routes ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  return (
    <main className={styles.list} id="main">
      <h1 className={styles.listTitle}>Edit a page</h1>
      <p className={styles.help}>Every route of pages.json and the document it shows. Changes are saved into the same JSON files, changing only the lines you edit. Dev server only.</p>
      <p>
        <a href={backend().editorUrl('/', 'header')}>Site header and footer</a> (pages.json&apos;s layout, shown on every page): open them from any page&apos;s outline.
      </p>
      <NewPageForm site={site} disk={disk} pages={pages} />
      <h2 className={styles.noticeTitle}>Pages</h2>
      <table className={styles.routeTable}>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Page document</th>
          </tr>
        </thead>
        <tbody>
          {routes.map((route) => (
            <tr key={route.path}>
              <td>
                <a href={backend().editorUrl(route.path)}>{route.path}</a>
              </td>
              <td>
                <code>pages/{route.page}.json</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
