/**
 * The editor page, started by src/boot.ts under the dev server (/__edit) or by the studio's entry (/studio/edit), each
 * with its server (model/editor-backend.ts). What can start before the editor's own modules load starts here: the reads of the page and pages.json, and the link that hands the page to
 * its preview frame (page-preview-link.ts). Then the editor's modules load and render (mount-editor.tsx).
 */
import { loadSite, openPage, PathRedirects } from './model/document-reads';
import type { SiteValue } from './model/site-store';
import type { DiskState } from './model/editor-store';
import { linkPreview } from './page-preview-link';
import { chooseBackend, type EditorBackend } from './model/editor-backend';

export type View = { kind: 'loading' } | { kind: 'list'; site: SiteValue; disk: DiskState; pages: string[] } | { kind: 'page' } | { kind: 'failed'; message: string; redirectsTo?: string };

/** What the editor shows once its reads are done: the list of pages, or the page at `path`. */
function readView(path: string | null, select: 'header' | 'footer' | null): Promise<View> {
  const opened = path === null ? loadSite().then(({ site, disk, pages }) => ({ kind: 'list' as const, site, disk, pages })) : openPage(path, select ?? undefined).then(() => ({ kind: 'page' as const }));
  return opened.catch((error: unknown) => ({ kind: 'failed' as const, message: (error as Error).message, ...(error instanceof PathRedirects ? { redirectsTo: error.to } : {}) }));
}

export function startEditor(container: HTMLElement, server: EditorBackend): Promise<void> {
  chooseBackend(server);
  const query = new URLSearchParams(window.location.search);
  const path = query.get('path');
  const select = query.get('select');
  document.title = path ? `Edit ${path}` : 'Edit a page';
  if (path !== null) linkPreview();
  const reading = readView(path, select === 'header' || select === 'footer' ? select : null);
  return import('./mount-editor').then(({ mountEditor }) => mountEditor(container, path, reading));
}
