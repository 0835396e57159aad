/** /__edit: every route of pages.json with the document it shows; each opens in the editor. */
import type { SiteValue } from './site-store';
import styles from './editor.module.css';

export function RouteList({ site }: { site: SiteValue }) {
  const routes = [...(site.routes ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  return (
    <main className={styles.list} id="main">
      <h1 className={styles.listTitle}>Edit a page</h1>
      <p className={styles.help}>
        Every route of pages.json and the document it shows. Changes are saved into the same JSON files, changing only the lines you edit. Dev server only.
      </p>
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
                <a href={`/__edit?path=${encodeURIComponent(route.path)}`}>{route.path}</a>
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
