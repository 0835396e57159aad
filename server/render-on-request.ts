/**
 * Pages whose blocks load data (the Insights list, an article), rendered with that data by the render bundle
 * (renderOnRequest in src/entry-server.tsx) into the page templates the build keeps in
 * dist-server/render/templates/, and kept in the response cache: a visitor gets a page from memory, already
 * compressed, while at most one render per page refreshes it in the background. The bundle alone says which
 * pages render on request (src/app/request-answer.ts); the others are served as prerendered.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { distLayout, fillTemplate, type RouteTarget, type ServerBundle } from '../src/model/dist-layout.ts';
import type { SwrCache } from './cache/swr-cache.ts';
import { compressBuffer } from './http/compression.ts';
import { importRenderBundle } from './render-bundle.ts';

/** How long a page waits for the blog service before it is served without the answers (the browser then fetches them). */
export const REQUEST_DATA_TIMEOUT_MS = 2500;

/** A rendered page or document in every encoding, with its type and validator, ready to send. */
export interface PreparedPage {
  contentType: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** A page rendered on request: its HTML, which carries the page's answer for its islands. */
export type CachedRender =
  | { kind: 'rendered'; page: PreparedPage }
  /** The sitemap or the feed. */
  | { kind: 'document'; page: PreparedPage }
  | { kind: 'missing' }
  /** The page renders no data on request, or the path is no document. */
  | { kind: 'none' };

const HTML = 'text/html; charset=utf-8';

export type PageAnswer =
  | { kind: 'rendered'; page: PreparedPage; storedAt: number }
  /** The API has no such article: the prerendered page, with status 404. */
  | { kind: 'missing' }
  /** The page has no blocks that load data. */
  | { kind: 'prerendered' };

export interface RequestRendererOptions {
  renderDir: string;
  /** The build's stamp when the server follows new builds: the bundle of that build is imported. */
  build?: string;
  /** distLayout.pagesDir: the page documents the render bundle reads. */
  pagesDir: string;
  cache: SwrCache<CachedRender>;
  /** The API's fetch for the loaders (cached too). */
  fetch: typeof fetch;
  freshMs: number;
  staleMs: number;
  notFoundMs: number;
  report: (message: string) => void;
  timeoutMs?: number;
}

export interface RequestRenderer {
  /** Throws when a loader's service fails and nothing is cached. */
  render(target: RouteTarget): Promise<PageAnswer>;
  /** The sitemap or the feed; null for any other path. Throws when the blog service fails and nothing is cached. */
  document(urlPath: string): Promise<{ page: PreparedPage; storedAt: number } | null>;
}

export function preparePage(text: string, contentType = HTML): PreparedPage {
  const raw = Buffer.from(text);
  return {
    contentType,
    body: raw,
    br: compressBuffer('br', raw),
    gzip: compressBuffer('gzip', raw),
    etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"`,
  };
}

const sizeOf = (page: PreparedPage) => page.body.length + page.br.length + page.gzip.length;

export function createRequestRenderer(options: RequestRendererOptions): RequestRenderer {
  const { renderDir, cache } = options;
  // Both read once, at the first request that needs them; a failure is not remembered (building fixes it).
  let templates: Promise<Map<string, string>> | undefined;
  let bundle: Promise<ServerBundle> | undefined;
  // Pages the bundle answered are prerendered: a renderer serves one build (a new build gets a new renderer), so they are not asked about again.
  const prerendered = new Set<string>();
  const once = <T>(promise: Promise<T>, forget: () => void) => promise.catch((error: unknown) => (forget(), Promise.reject(error)));
  const readTemplates = async () => {
    const dir = path.join(renderDir, distLayout.templatesDir);
    const names = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.html'));
    return new Map(await Promise.all(names.map(async (f) => [f.slice(0, -'.html'.length), await readFile(path.join(dir, f), 'utf8')] as const)));
  };
  const importBundle = async () => {
    const imported = await importRenderBundle(renderDir, options.build);
    imported.readPagesFrom(options.pagesDir);
    return imported;
  };
  const loadBundle = () => (bundle ??= once(importBundle(), () => (bundle = undefined)));
  const loadTemplates = () => (templates ??= once(readTemplates(), () => (templates = undefined)));
  const context = { timeoutMs: options.timeoutMs ?? REQUEST_DATA_TIMEOUT_MS, fetch: options.fetch, report: options.report };

  const renderFresh = async (target: RouteTarget) => {
    const { path: urlPath, page: pageName } = target;
    const { renderOnRequest } = await loadBundle();
    const result = await renderOnRequest(target, context);
    if (result.kind === 'prerendered') {
      prerendered.add(pageName);
      return { value: { kind: 'none' } as const, bytes: urlPath.length * 2, freshMs: options.freshMs, staleMs: options.staleMs };
    }
    if (result.kind === 'missing') return { value: { kind: 'missing' } as const, bytes: urlPath.length * 2, freshMs: options.notFoundMs, staleMs: 0 };
    const template = (await loadTemplates()).get(pageName);
    if (!template) throw new Error(`The page ${pageName} renders on request but the build left no template for it in ${distLayout.templatesDir}/: run npm run build again.`);
    const page = preparePage(fillTemplate(template, result.head, result.html));
    return { value: { kind: 'rendered', page } as const, bytes: sizeOf(page), freshMs: options.freshMs, staleMs: options.staleMs };
  };

  const renderDocument = async (urlPath: string) => {
    const { renderDocument } = await loadBundle();
    const result = await renderDocument(urlPath, context);
    if (!result) return { value: { kind: 'none' } as const, bytes: urlPath.length * 2, freshMs: options.freshMs, staleMs: options.staleMs };
    const page = preparePage(result.body, result.contentType);
    return { value: { kind: 'document', page } as const, bytes: sizeOf(page), freshMs: options.freshMs, staleMs: options.staleMs };
  };

  return {
    async render(target) {
      if (prerendered.has(target.page)) return { kind: 'prerendered' };
      const cached = await cache.get(target.path, () => renderFresh(target));
      if (cached.value.kind === 'rendered') return { kind: 'rendered', page: cached.value.page, storedAt: cached.storedAt };
      return cached.value.kind === 'missing' ? { kind: 'missing' } : { kind: 'prerendered' };
    },
    async document(urlPath) {
      const cached = await cache.get(`document:${urlPath}`, () => renderDocument(urlPath));
      return cached.value.kind === 'document' ? { page: cached.value.page, storedAt: cached.storedAt } : null;
    },
  };
}
