/** The editor's list: every route of pages.json with the document it shows, its server draft, scheduled publish and review if any; pages waiting for a publisher's review first; each opens in the editor. */
import { useEffect, useState } from 'react';
import type { DiskState } from './model/editor-store';
import { NewPageForm } from './new-page-form';
import type { SiteValue } from './model/site-store';
import { backend, type PageDraft } from './model/editor-backend';
import { refreshSchedules, useSchedules } from './model/schedules';
import { ScheduleCell } from './schedule-cell';
import { refreshReviews, reviewWords, useReviews } from './model/reviews';
import { siteTimeZone } from '../../model/time-zone';
import styles from './editor.module.css';

const draftWords = (draft: PageDraft | undefined) => (draft ? `Draft by ${draft.by}, saved ${new Date(draft.at).toLocaleString()}` : 'None');

export function RouteList({ site, disk, pages }: { site: SiteValue; disk: DiskState; pages: string[] }) {
  const routes = [...(site.routes ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  const [drafts, setDrafts] = useState<Record<string, PageDraft>>();
  useEffect(
    () =>
      void backend()
        .pageDrafts?.()
        .then(setDrafts, () => setDrafts({})),
    [],
  );
  const schedules = useSchedules((s) => s.byFile);
  useEffect(() => void refreshSchedules(), []);
  const reviews = useReviews((s) => s.byFile);
  useEffect(() => void refreshReviews(), []);
  const zone = siteTimeZone(site.settings);
  const pathOfFile = (file: string) => routes.find((r) => `pages/${r.page}.json` === file)?.path;
  // What publishers are asked to review, first: the studio's own notice of a request.
  const waiting = backend().reviewing?.sendBack ? Object.values(reviews ?? {}).filter((r) => r.state === 'requested') : [];
  return (
    <main className={styles.list} id="main">
      <h1 className={styles.listTitle}>Edit a page</h1>
      <p className={styles.help}>{backend().listHelp}</p>
      {waiting.length > 0 && (
        <section aria-labelledby="waiting-title" data-testid="waiting-reviews">
          <h2 id="waiting-title" className={styles.noticeTitle}>
            Waiting for your review
          </h2>
          <ul>
            {waiting.map((review) => {
              const path = pathOfFile(review.file);
              return (
                <li key={review.file}>
                  {path ? <a href={backend().editorUrl(path)}>{path}</a> : <code>{review.file}</code>}: {reviewWords(review, zone)}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <p>
        <a href={backend().editorUrl('/', 'header')}>Site header and footer</a> (pages.json&apos;s layout, shown on every page): open them from any page&apos;s outline.
      </p>
      {backend().createsPages ? <NewPageForm site={site} disk={disk} pages={pages} /> : <p>New pages are made by a publisher: ask one when you need a page.</p>}
      <h2 className={styles.noticeTitle}>Pages</h2>
      <table className={styles.routeTable}>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Page document</th>
            {drafts && <th scope="col">Draft</th>}
            {reviews && <th scope="col">Review</th>}
            {schedules && <th scope="col">Scheduled publish</th>}
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
              {drafts && <td>{draftWords(drafts[`pages/${route.page}.json`])}</td>}
              {reviews && <td>{reviews[`pages/${route.page}.json`] ? reviewWords(reviews[`pages/${route.page}.json`]!, zone) : 'None'}</td>}
              {schedules && (
                <td>
                  <ScheduleCell schedule={schedules[`pages/${route.page}.json`]} zone={zone} path={route.path} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
