/**
 * Reading what the editor opens: pages.json, the page document a path shows (with its draft, if one was kept),
 * and what the editor needs of the rest of the project (pictures, fragment use), through the editor's API.
 */
import { resolvePath } from '../../../model/routes';
import { pageFileOf, SITE_FILE, type DraftBehind } from '../../shared/editor-contract';
import { readFile, readSite } from './editor-client';
import { restoreDraft } from './drafts';
import { openInStore, type DiskState, type Doc, type Selection } from './editor-store';
import { readHistory } from './kept-history';
import { useSite, type SiteValue } from './site-store';

export function parseDocument(text: string, file: string): Doc {
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Doc;
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}). Fix it in your text editor; this page reloads it as soon as it is valid.`);
  }
  throw new Error(`${file} does not hold a JSON object. Fix it in your text editor.`);
}

/** The file as on disk (undefined when it does not exist), and a team draft of it that is behind it (the studio). */
async function readWithDraft(file: string): Promise<{ disk: DiskState | undefined; draftBehind?: DraftBehind }> {
  const read = await readFile(file);
  const disk = read.text === null ? undefined : { version: read.version, value: parseDocument(read.text, file) };
  return { disk, ...(read.draftBehind ? { draftBehind: read.draftBehind } : {}) };
}

/** The file as on disk, undefined when it does not exist. */
export async function readDisk(file: string): Promise<DiskState | undefined> {
  return (await readWithDraft(file)).disk;
}

async function readSiteDisk(): Promise<{ disk: DiskState; draftBehind?: DraftBehind }> {
  const read = await readWithDraft(SITE_FILE);
  if (!read.disk) throw new Error('pages.json is missing from the project root.');
  return { ...read, disk: read.disk };
}

/** What the editor needs of the rest of the project (pictures, fragment use), into the site store; the page names. */
async function readProject(): Promise<string[]> {
  const { images, fragmentUse, pages } = await readSite();
  useSite.setState({ images, fragmentUse });
  return pages;
}

/** pages.json and what the editor needs of the rest of the project (pictures, fragment use). */
export async function loadSite(): Promise<{ disk: DiskState; site: SiteValue; pages: string[] }> {
  const [{ disk }, pages] = await Promise.all([readSiteDisk(), readProject()]);
  return { disk, site: disk.value as SiteValue, pages };
}

/** The page document a path shows: a route's path ("/about", "/blogs/:slug") or a concrete path; else why not. */
export function pageFor(site: SiteValue, path: string): { page: string; path: string } | string {
  const routes = site.routes ?? [];
  const exact = routes.find((r) => r.path === path);
  if (exact) return { page: exact.page, path };
  const resolution = resolvePath({ routes, redirects: site.redirects ?? [] }, path);
  if (resolution.kind === 'page') return { page: resolution.page, path };
  if (resolution.kind === 'redirect') return `${path} redirects to ${resolution.to}. Open ${resolution.to} instead.`;
  return `No route of pages.json shows ${path}. Pick a page from the list.`;
}

/** A path that redirects: the editor offers a link to the page it leads to. */
export class PathRedirects extends Error {
  constructor(
    message: string,
    readonly to: string,
  ) {
    super(message);
  }
}

export async function openPage(path: string, selected?: Selection): Promise<void> {
  // The pictures and the fragments' pages (the slower read) are read beside the page, not before it: the page
  // needs only pages.json, and the preview is sent the page as soon as it is in the store.
  const project = readProject();
  const siteRead = await readSiteDisk();
  const siteDisk = siteRead.disk;
  const site = siteDisk.value as SiteValue;
  const found = pageFor(site, path);
  if (typeof found === 'string') {
    const resolution = resolvePath({ routes: site.routes ?? [], redirects: site.redirects ?? [] }, path);
    throw resolution.kind === 'redirect' ? new PathRedirects(found, resolution.to) : new Error(found);
  }
  const file = pageFileOf(found.page);
  const pageRead = await readWithDraft(file);
  const pageDisk = pageRead.disk;
  if (!pageDisk) throw new Error(`${file}, which pages.json routes ${path} to, does not exist. Create it, or fix the route.`);
  const drafts = { page: restoreDraft(file, pageDisk, pageRead.draftBehind), site: restoreDraft(SITE_FILE, siteDisk, siteRead.draftBehind) };
  const doc = { page: drafts.page.doc, site: drafts.site.doc };
  const restoredDraft = drafts.page.restored || drafts.site.restored;
  openInStore({
    file,
    path: found.path,
    disk: { page: drafts.page.base, site: drafts.site.base },
    doc,
    restoredDraft,
    ...(restoredDraft ? readHistory(file, doc) : {}),
    ...(selected ? { selected } : {}),
  });
  // A draft edited from an older version than the disk's merges with it, as a change on disk does (the merge's
  // module is loaded only then: its words need the schemas, which the page's first read does not wait for).
  if (drafts.page.stale || drafts.site.stale) {
    const { diskChanged } = await import('./disk-merge');
    if (drafts.page.stale) diskChanged('page', pageDisk);
    if (drafts.site.stale) diskChanged('site', siteDisk);
  }
  await project; // the form needs it; the preview, which has the page now, does not wait
}
