/**
 * A page's path in pages.json, changed from the editor: the route gets the new path, and a published path
 * keeps working: the path the route had on disk gets a redirect to the new one, redirects that led to the old
 * path lead to the new one (no chains), and a redirect from the new path goes (it is a route now). All in the
 * open pages.json, in one undo step, saved with the page. Once saved, the editor's address follows the new path.
 */
import { useEditor } from './editor-store';
import type { SiteValue } from './site-store';
import { pageNameOfFile } from '../../shared/editor-contract';

type Redirect = { from: string; to: string };

export function routeIndex(site: SiteValue, page: string): number {
  return (site.routes ?? []).findIndex((r) => r.page === page);
}

/** The redirects for a route moved from `onDisk` (its published path) to `next`, starting from the disk's. */
export function redirectsFor(diskRedirects: readonly Redirect[], onDisk: string, next: string): Redirect[] {
  if (next === onDisk) return [...diskRedirects];
  const moved = diskRedirects.filter((r) => r.from !== next).map((r) => (r.to === onDisk ? { ...r, to: next } : r));
  return moved.some((r) => r.from === onDisk) ? moved : [...moved, { from: onDisk, to: next }];
}

/** The path pages.json gives the page on disk: the published one, which must keep working. */
export function publishedPath(site: SiteValue, diskSite: SiteValue, page: string): string | undefined {
  return diskSite.routes?.[routeIndex(diskSite, page)]?.path ?? site.routes?.[routeIndex(site, page)]?.path;
}

/** The open pages.json with the page's route changed by `routesAfter`, and its published path redirected to `target`. */
function siteWithRouteChange(page: string, target: string, routesAfter: (routes: SiteValue['routes'] & object, index: number) => SiteValue['routes']): SiteValue | undefined {
  const { doc, disk } = useEditor.getState();
  const site = doc.site as SiteValue;
  const diskSite = disk.site.value as SiteValue;
  const index = routeIndex(site, page);
  const onDisk = publishedPath(site, diskSite, page);
  if (index === -1 || onDisk === undefined) return undefined;
  const redirects = redirectsFor(diskSite.redirects ?? [], onDisk, target);
  return { ...site, routes: routesAfter(site.routes!, index), ...(redirects.length > 0 || site.redirects ? { redirects } : {}) };
}

export function renamePath(page: string, next: string): void {
  const site = siteWithRouteChange(page, next, (routes, index) => routes.map((r, i) => (i === index ? { ...r, path: next } : r)));
  // One coalesced edit while the path is typed: the redirect follows each keystroke, and undo takes it all back.
  if (site) useEditor.getState().edit(['site'], site, `path:${page}`);
}

/**
 * Takes the page's route out of the open pages.json; its published path redirects to `target` (and redirects
 * that led to it lead there too). The document stays, unrouted, until it is deleted or routed again.
 */
export function removeRoute(page: string, target: string): void {
  const site = siteWithRouteChange(page, target, (routes, index) => routes.filter((_, i) => i !== index));
  const { doc, replace } = useEditor.getState();
  if (site) replace({ ...doc, site });
}

/** The open page's path as pages.json on disk has it: what a reload of the editor's address opens. */
function pathOnDisk(state: ReturnType<typeof useEditor.getState>): string | undefined {
  const page = pageNameOfFile(state.file);
  const site = state.disk.site.value as SiteValue;
  return page === undefined ? undefined : site.routes?.[routeIndex(site, page)]?.path;
}

/**
 * Once a new path is saved, the address bar says it (`?path=/new`), so a reload or a shared link opens the page
 * rather than a redirect. Only an address that named the old path itself follows (not one of a route's pages).
 */
export function addressFollowsPath(): () => void {
  let shown = pathOnDisk(useEditor.getState());
  return useEditor.subscribe((state) => {
    const next = pathOnDisk(state);
    if (next === shown) return;
    const query = new URLSearchParams(window.location.search);
    if (next !== undefined && shown !== undefined && query.get('path') === shown) {
      query.set('path', next);
      window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query}`);
      document.title = `Edit ${next}`;
    }
    shown = next;
  });
}
