/**
 * A page's path in pages.json, changed from the editor: the route gets the new path, and a published path
 * keeps working: the path the route had on disk gets a redirect to the new one, redirects that led to the old
 * path lead to the new one (no chains), and a redirect from the new path goes (it is a route now). All in the
 * open pages.json, in one undo step, saved with the page.
 */
import { useEditor } from './editor-store';
import type { SiteValue } from './site-store';

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

export function renamePath(page: string, next: string): void {
  const { doc, disk, edit } = useEditor.getState();
  const site = doc.site as SiteValue;
  const diskSite = disk.site.value as SiteValue;
  const index = routeIndex(site, page);
  if (index === -1) return;
  const onDisk = diskSite.routes?.[routeIndex(diskSite, page)]?.path ?? site.routes![index]!.path;
  const routes = site.routes!.map((r, i) => (i === index ? { ...r, path: next } : r));
  const redirects = redirectsFor(diskSite.redirects ?? [], onDisk, next);
  const nextSite: SiteValue = { ...site, routes };
  if (redirects.length > 0 || site.redirects) nextSite.redirects = redirects;
  // One coalesced edit while the path is typed: the redirect follows each keystroke, and undo takes it all back.
  edit(['site'], nextSite, `path:${page}`);
}

export const pageNameOf = (file: string) => file.slice('pages/'.length, -'.json'.length);

/**
 * Takes the page's route out of the open pages.json; its published path redirects to `target` (and redirects
 * that led to it lead there too). The document stays, unrouted, until it is deleted or routed again.
 */
export function removeRoute(page: string, target: string): void {
  const { doc, disk, replace } = useEditor.getState();
  const site = doc.site as SiteValue;
  const diskSite = disk.site.value as SiteValue;
  const index = routeIndex(site, page);
  if (index === -1) return;
  const onDisk = diskSite.routes?.[routeIndex(diskSite, page)]?.path ?? site.routes![index]!.path;
  const routes = site.routes!.filter((_, i) => i !== index);
  const redirects = redirectsFor(diskSite.redirects ?? [], onDisk, target);
  replace({ ...doc, site: { ...site, routes, redirects } });
}
