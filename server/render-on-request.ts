/**
 * Pages that show blog answers (the Insights list, an article), rendered with those answers from the render
 * bundle (renderOnRequest in src/entry-server.tsx) into the templates the build keeps in
 * dist-server/render/templates/, and kept in the response cache: a visitor gets a page from memory, already
 * compressed, while at most one render per page refreshes it in the background. Every other page is served
 * as prerendered.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLayout, fillTemplate, type ServerBundle } from '../src/model/dist-layout.ts';
import type { SwrCache } from './cache/swr-cache.ts';
import { compressBuffer } from './http/compression.ts';

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

export type CachedRender = { kind: 'rendered'; page: PreparedPage } | { kind: 'missing' } | { kind: 'none' };

const HTML = 'text/html; charset=utf-8';

export type PageAnswer =
  | { kind: 'rendered'; page: PreparedPage; storedAt: number }
  /** The API has no such article: the prerendered page, with status 404. */
  | { kind: 'missing' }
  /** No template: the page shows no blog answers. */
  | { kind: 'prerendered' };

export interface RequestRendererOptions {
  renderDir: string;
  /** distLayout.pagesDir: the page documents the render bundle reads. */
  pagesDir: string;
  cache: SwrCache<CachedRender>;
  /** The blog API's fetch (cached too). */
  fetch: typeof fetch;
  freshMs: number;
  staleMs: number;
  notFoundMs: number;
  report: (message: string) => void;
  timeoutMs?: number;
}

export interface RequestRenderer {
  /** `page` is the page document the path resolved to. Throws when the blog service fails and nothing is cached. */
  render(urlPath: string, page: string, selfOrigin: string): Promise<PageAnswer>;
  /** The sitemap or the feed; null for any other path. Throws when the blog service fails and nothing is cached. */
  document(urlPath: string, selfOrigin: string): Promise<{ page: PreparedPage; storedAt: number } | null>;
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
  const once = <T>(promise: Promise<T>, forget: () => void) => promise.catch((error: unknown) => (forget(), Promise.reject(error)));
  const readTemplates = async () => {
    const dir = path.join(renderDir, distLayout.templatesDir);
    const names = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.html'));
    return new Map(await Promise.all(names.map(async (f) => [f.slice(0, -'.html'.length), await readFile(path.join(dir, f), 'utf8')] as const)));
  };
  const importBundle = async () => {
    const imported = (await import(pathToFileURL(path.join(renderDir, distLayout.renderEntry)).href)) as ServerBundle;
    imported.usePageData(options.pagesDir);
    return imported;
  };
  const loadBundle = () => (bundle ??= once(importBundle(), () => (bundle = undefined)));
  const contextFor = (selfOrigin: string) => ({ selfOrigin, timeoutMs: options.timeoutMs ?? REQUEST_DATA_TIMEOUT_MS, fetch: options.fetch, report: options.report });

  const renderFresh = async (urlPath: string, template: string, selfOrigin: string) => {
    const { renderOnRequest } = await loadBundle();
    const result = await renderOnRequest(urlPath, contextFor(selfOrigin));
    if (result.kind === 'missing') return { value: { kind: 'missing' } as const, bytes: urlPath.length * 2, freshMs: options.notFoundMs, staleMs: 0 };
    if (result.kind !== 'rendered') throw new Error(`${urlPath} has a template but the render bundle rendered no blog answers for it.`);
    const page = preparePage(fillTemplate(template, result.head, result.html));
    return { value: { kind: 'rendered', page } as const, bytes: sizeOf(page), freshMs: options.freshMs, staleMs: options.staleMs };
  };

  const renderDocument = async (urlPath: string, selfOrigin: string) => {
    const { renderDocument } = await loadBundle();
    const result = await renderDocument(urlPath, contextFor(selfOrigin));
    if (!result) return { value: { kind: 'none' } as const, bytes: urlPath.length * 2, freshMs: options.freshMs, staleMs: options.staleMs };
    const page = preparePage(result.body, result.contentType);
    return { value: { kind: 'rendered', page } as const, bytes: sizeOf(page), freshMs: options.freshMs, staleMs: options.staleMs };
  };

  return {
    async render(urlPath, page, selfOrigin) {
      const template = (await (templates ??= once(readTemplates(), () => (templates = undefined)))).get(page);
      if (!template) return { kind: 'prerendered' };
      const cached = await cache.get(urlPath, () => renderFresh(urlPath, template, selfOrigin));
      if (cached.value.kind === 'rendered') return { kind: 'rendered', page: cached.value.page, storedAt: cached.storedAt };
      return cached.value.kind === 'missing' ? { kind: 'missing' } : { kind: 'prerendered' };
    },
    async document(urlPath, selfOrigin) {
      const cached = await cache.get(`document:${urlPath}`, () => renderDocument(urlPath, selfOrigin));
      return cached.value.kind === 'rendered' ? { page: cached.value.page, storedAt: cached.storedAt } : null;
    },
  };
}
