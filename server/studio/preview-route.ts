/**
 * A shared preview, opened without an account at /studio/preview/<secret>: a small host page (the editor's build in
 * its preview-link mode, src/editor/preview-link/) that shows the page's draft in the editor's own preview frame
 * (…/frame), sent over the frame protocol after reading it from …/page. Nothing else of the studio opens with the
 * secret: the frame's scripts and styles and the site's pictures only, through a cookie holding it (their addresses
 * are the editor's). An unknown, revoked or expired secret gets one plain 404, whatever was asked.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { checkedPageName, parseContentText, readContentFile } from '../../scripts/editor/content-files.ts';
import { isRecord } from '../../scripts/content-check/records.ts';
import { SITE_FILE } from '../../src/editor/shared/editor-contract.ts';
import { sharedPreviewParts, STUDIO_EDITOR_BASE, STUDIO_SHARED_PREVIEW } from '../../src/editor/shared/studio-paths.ts';
import type { DraftStore } from './draft-store.ts';
import { STUDIO_BUILD_DIR, STUDIO_EDITOR_HTML } from './editor-build.ts';
import type { PreviewLink } from './preview-link-store.ts';
import type { PreviewLinks } from './preview-links.ts';
import { send, sendJson, sessionCookie } from './studio-http.ts';

const REFUSED = 'This preview link does not work. It may have expired or been revoked, or it was copied incompletely. Ask the person who sent it for a new link.';
/** A shared page is kept out of search engines, and its links are not followed. */
const PREVIEW_HEADERS = { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };
/** The modules of the editor's build a preview runs (beside the entry's own): the frame and the host page. */
const PREVIEW_MODULES = ['src/editor/frame/block-warm-up.ts', 'src/editor/frame/preview-page.tsx', 'src/app/load-failure.ts', 'src/editor/preview-link/preview-host.ts'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** A path for the log: a preview's secret cut to its first four characters. */
export function loggedPath(pathname: string): string {
  const parts = sharedPreviewParts(pathname);
  return parts ? `${STUDIO_SHARED_PREVIEW}${parts.secret.slice(0, 4)}…${parts.part ? `/${parts.part}` : ''}` : pathname;
}

/** The files of the editor's build a preview needs: the entry and what the frame and the host page load, never the editor's own. */
async function previewAssetNames(buildDir: string): Promise<Set<string>> {
  const manifest = JSON.parse(await readFile(path.join(buildDir, '.vite/manifest.json'), 'utf8').catch(() => '{}')) as Record<string, ManifestChunk>;
  const names = new Set<string>();
  const seen = new Set<string>();
  const add = (file: string) => file.startsWith('assets/') && names.add(file.slice('assets/'.length));
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])].forEach(add);
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(walk);
  };
  const entry = manifest[STUDIO_EDITOR_HTML];
  if (entry) {
    seen.add(STUDIO_EDITOR_HTML);
    [entry.file, ...(entry.css ?? []), ...(entry.assets ?? [])].forEach(add);
    (entry.imports ?? []).forEach(walk);
    PREVIEW_MODULES.forEach(walk);
  }
  return names;
}

export function previewRoute(options: { root: string; links: PreviewLinks; drafts: DraftStore; secure: boolean; now?: () => number }) {
  const { root, links, drafts } = options;
  const now = options.now ?? Date.now;
  const buildDir = path.join(root, STUDIO_BUILD_DIR);
  const cookie = sessionCookie(options.secure, 'studio-preview');
  let assetNames: Promise<Set<string>> | undefined;
  const refuse = (res: ServerResponse) => send(res, 404, 'text/plain; charset=utf-8', REFUSED, PREVIEW_HEADERS);

  /** What the preview shows: the page's draft (else the live page), and of pages.json only what frames the page. */
  async function shown(link: PreviewLink) {
    const name = checkedPageName(link.file);
    const draft = await drafts.get(link.file);
    const liveText = draft ? undefined : await readContentFile(root, link.file);
    const page: unknown = draft ? draft.value : liveText === undefined ? undefined : parseContentText(liveText);
    if (!isRecord(page)) return undefined;
    const siteText = await readContentFile(root, SITE_FILE);
    const site: unknown = (await drafts.get(SITE_FILE))?.value ?? (siteText === undefined ? {} : parseContentText(siteText));
    const { routes, layout, fragments } = isRecord(site) ? site : {};
    const used = new Set((Array.isArray(page.blocks) ? page.blocks : []).flatMap((b: unknown) => (isRecord(b) && typeof b.fragment === 'string' ? [b.fragment] : [])));
    const route = (Array.isArray(routes) ? routes : []).find((r: unknown) => isRecord(r) && r.page === name) as { path?: unknown } | undefined;
    return {
      path: typeof route?.path === 'string' ? route.path : '/',
      documents: { page, site: { layout, fragments: Object.fromEntries(Object.entries(isRecord(fragments) ? fragments : {}).filter(([key]) => used.has(key))) } },
      expiresAt: link.expiresAt,
      draft: draft ? { by: draft.savedBy.name, at: draft.savedAt } : null,
    };
  }

  return {
    isPreviewPath: (pathname: string) => pathname.startsWith(STUDIO_SHARED_PREVIEW),
    async serve(res: ServerResponse, pathname: string): Promise<void> {
      const parts = sharedPreviewParts(pathname);
      const link = parts && (parts.part === '' || parts.part === 'frame' || parts.part === 'page') ? await links.open(parts.secret) : undefined;
      if (!parts || !link) return refuse(res);
      if (parts.part === 'page') {
        const view = await shown(link);
        return view ? sendJson(res, 200, view, PREVIEW_HEADERS) : refuse(res);
      }
      const html = await readFile(path.join(buildDir, STUDIO_EDITOR_HTML)).catch(() => undefined);
      if (!html) return send(res, 503, 'text/plain; charset=utf-8', 'The preview is not available just now. Try again in a few minutes.', PREVIEW_HEADERS);
      const maxAgeS = Math.max(0, Math.floor((Date.parse(link.expiresAt) - now()) / 1000));
      return send(res, 200, 'text/html; charset=utf-8', html, { ...PREVIEW_HEADERS, 'Set-Cookie': cookie.set(parts.secret, maxAgeS) });
    },
    /** Whether the request holds a working preview link (its cookie): the site's pictures are shown to it. */
    holdsWorkingLink: async (req: IncomingMessage) => (await links.open(cookie.read(req) ?? '')) !== undefined,
    /** Whether a request without a session may have this file of the editor's build: a preview's own, with a working link. */
    async mayReadAsset(req: IncomingMessage, pathname: string): Promise<boolean> {
      const assets = `${STUDIO_EDITOR_BASE}assets/`;
      if (!pathname.startsWith(assets)) return false;
      assetNames ??= previewAssetNames(buildDir);
      return (await assetNames).has(pathname.slice(assets.length)) && (await this.holdsWorkingLink(req));
    },
  };
}

export type PreviewRoute = ReturnType<typeof previewRoute>;
