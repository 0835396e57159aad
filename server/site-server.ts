/**
 * The production server: dispatches each request to the health check, the embedded API, a file of the
 * build, a redirect, a page (rendered on request when its blocks load data, else prerendered) or the 404
 * page, and logs one line per request. Plain node:http, so the browser tests measure exactly what a visitor
 * gets. How each answer is made lives in server/http/; the caches in server/cache/.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { SiteConfig } from '../src/generated/pages-json.ts';
import { distLayout, htmlFileFor, type RouteTarget } from '../src/model/dist-layout.ts';
import { resolvePath } from '../src/model/routes.ts';
import type { SiteRoutes } from '../src/model/route-answer.ts';
import { IMAGE_ENDPOINT_PATH } from '../src/model/image-endpoint-url.ts';
import { createImageEndpoint } from './images/image-endpoint.ts';
import { sendJson, type ApiHandler } from './api/router.ts';
import type { EnquiryHealth } from './enquiries/enquiry-store.ts';
import { createCachedFetch, type StoredAnswer } from './cache/cached-fetch.ts';
import { SwrCache } from './cache/swr-cache.ts';
import { clientAddress, type TrustProxy } from './http/client-address.ts';
import { parseRequestPath } from './http/request-path.ts';
import { sendFailure, sendPreparedPage, sendText } from './http/responses.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createBuildFiles } from './http/build-files.ts';
import { watchBuildStamp } from './build-stamp-watch.ts';
import { cacheControlFor, sendFile } from './http/static-files.ts';
import { silentLogger, type Logger } from './logger.ts';
import { createRequestRenderer, REQUEST_DATA_TIMEOUT_MS, type CachedRender, type PageAnswer } from './render-on-request.ts';

export interface SiteServerOptions {
  /** The build output: index.html, <path>/index.html, 404.html, _shells/, assets/. */
  distDir: string;
  site: SiteConfig;
  /** The embedded API; its `fetch` answers the server's own pages in-process when the site has no separate API host. */
  apiHandler?: ApiHandler & { fetch?: typeof fetch };
  /** The API origin the pages call (chooseApiHost in src/model/api-host.ts); empty means the site's own origin: the embedded API. */
  apiHost?: string;
  /** The render bundle (dist-server/render/): when set, the pages whose blocks load data are rendered on request. */
  renderDir?: string;
  /** The page documents the build wrote; distLayout.pagesDir beside distDir by default. */
  pagesDir?: string;
  logger?: Logger;
  trustProxy?: TrustProxy;
  /** Shown by /healthz. */
  version?: string;
  /** The enquiry storage's state, for /healthz (server/enquiries/). */
  enquiryHealth?: () => Promise<EnquiryHealth>;
  /** How long a page rendered on request, and a blog answer, is fresh (BLOG_CACHE_S). */
  blogCacheMs?: number;
  /** The response cache's bound. */
  cacheBytes?: number;
  /** Where /_image keeps the pictures it encoded (DATA_DIR/image-cache), and how many bytes at most (IMAGE_CACHE_MB). */
  imageCache?: { dir: string; maxBytes: number };
  /** The clock of the response caches and the Age header (ms since the epoch); tests move it instead of waiting. */
  now?: () => number;
  /**
   * Follow a new build of distDir without a restart (a page published from the studio, `npm run build` beside a
   * running `npm start`): when the build's stamp changes, the site's settings are loaded from that build and a
   * fresh handler, with empty caches, answers from then on. Requests under way finish with the old one.
   */
  followBuilds?: { loadSite(build: string): Promise<SiteConfig>; pollMs?: number };
}

/** The last good answer is served for this long while the blog service fails. */
export const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000;
/** An unknown article's 404 is remembered this long, so typos cannot hammer the blog service. */
export const NOT_FOUND_CACHE_MS = 10_000;

/** Shells are templates for dynamic routes, not pages of their own; dot files (the build stamp) are bookkeeping, except .well-known/. */
function isServableName(relative: string): boolean {
  const segments = relative.split(/[/\\]/);
  return segments[0] !== distLayout.shellsDir && !segments.some((s) => s.startsWith('.') && s !== '.well-known');
}

type Handle = (req: IncomingMessage, res: ServerResponse, client: string) => Promise<void>;

/** How one build is answered; `build` is its stamp when the server follows builds. */
function createSiteHandler(options: SiteServerOptions, { startedAt, build }: { startedAt: number; build?: string }): Handle {
  const distDir = path.resolve(options.distDir);
  const log = options.logger ?? silentLogger;
  const table: SiteRoutes = { routes: options.site.routes, redirects: options.site.redirects, notFoundPage: options.site.notFoundPage };
  const headers = securityHeaders(distDir, options.apiHost ?? '');
  const files = createBuildFiles();
  const pagesDir = options.pagesDir ?? path.join(distDir, '..', distLayout.pagesDir);
  const freshMs = options.blogCacheMs ?? 60_000;
  const now = options.now ?? Date.now;
  const maxBytes = options.cacheBytes ?? 64 * 1024 * 1024;
  const onRefreshError = (key: string, error: unknown) => log.warn({ key, err: error }, 'Serving the last good answer: refreshing it failed');
  // After a failed refresh, wait a little before the next try, so a failing service is not hit on every request.
  const retryAfterErrorMs = Math.min(5000, freshMs);
  // The loaders' API calls: in-process to the embedded API, over HTTP only to a separate API host.
  const apiFetch = !options.apiHost && options.apiHandler?.fetch ? options.apiHandler.fetch : globalThis.fetch;
  const blogFetch = createCachedFetch({
    fetch: apiFetch,
    cache: new SwrCache<StoredAnswer>({ maxBytes: maxBytes / 4, onRefreshError, retryAfterErrorMs, now }),
    freshMs,
    staleMs: STALE_IF_ERROR_MS,
    notFoundMs: NOT_FOUND_CACHE_MS,
    timeoutMs: REQUEST_DATA_TIMEOUT_MS,
  });
  const renderer = options.renderDir
    ? createRequestRenderer({
        renderDir: options.renderDir,
        pagesDir,
        build,
        cache: new SwrCache<CachedRender>({ maxBytes, onRefreshError, retryAfterErrorMs, now }),
        fetch: blogFetch,
        freshMs,
        staleMs: STALE_IF_ERROR_MS,
        notFoundMs: NOT_FOUND_CACHE_MS,
        report: (message) => log.warn(message),
      })
    : undefined;
  const serveImage = createImageEndpoint({
    distDir,
    apiHost: options.apiHost ?? '',
    cacheDir: options.imageCache?.dir ?? path.join(os.tmpdir(), 'site-image-cache'),
    cacheBytes: options.imageCache?.maxBytes ?? 256 * 1024 * 1024,
  });
  const freshS = Math.round(freshMs / 1000);
  const renderedCacheControl = `public, max-age=0, s-maxage=${freshS}, stale-while-revalidate=${freshS}, stale-if-error=${STALE_IF_ERROR_MS / 1000}`;

  /** The page rendered with its loaders' data; null when a service failed and nothing is cached (logged). */
  const renderOnRequest = async (target: RouteTarget): Promise<PageAnswer | null> => {
    if (!renderer) return null;
    const urlPath = target.path;
    try {
      return await renderer.render(target);
    } catch (error) {
      // The blog service's failures are reported where they happen (one line); anything else is a bug: full stack.
      const cause = error instanceof Error && error.name === 'ApiError' ? error.message : error;
      log.error({ path: urlPath, err: cause }, 'Serving the prerendered page without its loaded data (its blocks fetch it in the browser)');
      return null;
    }
  };

  /** The sitemap or the feed; null for another path; "unavailable" when the blog service failed and nothing is cached (logged). */
  const renderDocumentOnRequest = async (urlPath: string) => {
    try {
      return await renderer!.document(urlPath);
    } catch (error) {
      log.error({ path: urlPath, err: error instanceof Error && error.name === 'ApiError' ? error.message : error }, 'The document cannot be made without the blog service');
      return 'unavailable' as const;
    }
  };

  const sendNotFound = async (req: IncomingMessage, res: ServerResponse) => {
    const file = path.join(distDir, distLayout.notFoundFile);
    const stats = await files.stats(file);
    if (!stats) return sendText(res, 404, 'Page not found.');
    await sendFile(req, res, files, { file, stats, status: 404, cacheControl: 'no-cache', conditional: false });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, client: string) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);

    const requestPath = parseRequestPath(req.url ?? '/');
    if (!requestPath) return sendText(res, 400, 'Bad request: the address is not a valid path.');

    if (requestPath.raw === '/healthz') {
      const enquiries = await options.enquiryHealth?.();
      // Degraded, not down: pages are still served, so a load balancer should keep sending visitors (200).
      const status = enquiries && !enquiries.reachable ? 'degraded' : 'ok';
      return sendJson(res, 200, { status, version: options.version ?? 'dev', uptimeS: Math.round((Date.now() - startedAt) / 1000), pid: process.pid, ...(enquiries ? { enquiries } : {}) });
    }

    if (requestPath.raw === '/api' || requestPath.raw.startsWith('/api/')) {
      const handled = options.apiHandler ? await options.apiHandler(req, res, client) : false;
      if (!handled) sendJson(res, 404, { status: false, message: `No API endpoint at ${requestPath.raw}.` });
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendText(res, 405, `${req.method} is not allowed here: pages and files answer GET and HEAD only.`, { Allow: 'GET, HEAD' });
    }

    if (requestPath.raw === IMAGE_ENDPOINT_PATH) return serveImage(req, res, requestPath.search);

    // The sitemap and the feed, made from the article list.
    if (renderer && requestPath.raw.endsWith('.xml')) {
      const document = await renderDocumentOnRequest(requestPath.raw);
      if (document === 'unavailable') return sendText(res, 503, 'The feed cannot be made right now: the articles are not available. Please try again in a minute.', { 'Retry-After': '60' });
      if (document) return sendPreparedPage(req, res, document.page, renderedCacheControl, (now() - document.storedAt) / 1000);
    }

    // A file of the build, by its own name.
    const relative = path.normalize(requestPath.decoded).replace(/^[/\\]+/, '');
    const file = path.join(distDir, relative);
    if (file.startsWith(distDir + path.sep) && isServableName(relative)) {
      const stats = await files.stats(file);
      if (stats) return sendFile(req, res, files, { file, stats, status: 200, cacheControl: cacheControlFor(requestPath.raw, file), conditional: true });
    }

    const resolution = resolvePath(table, requestPath.raw);
    if (resolution.kind === 'redirect') {
      res.statusCode = 301;
      res.setHeader('Location', resolution.to + requestPath.search);
      // Redirects come from pages.json and may change: let browsers keep them for an hour, not forever.
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.end();
      return;
    }
    if (resolution.kind === 'page') {
      const answer = await renderOnRequest({ path: requestPath.raw, page: resolution.page, params: resolution.params });
      if (answer?.kind === 'rendered') return sendPreparedPage(req, res, answer.page, renderedCacheControl, (now() - answer.storedAt) / 1000);
      const pageFile = path.join(distDir, htmlFileFor(resolution.pattern, resolution.page));
      const stats = await files.stats(pageFile);
      // An article the API does not have: its page says so in the browser; crawlers get the 404 status.
      const missing = answer?.kind === 'missing';
      const cacheControl = missing ? `public, max-age=0, s-maxage=${NOT_FOUND_CACHE_MS / 1000}` : 'no-cache';
      if (stats) return sendFile(req, res, files, { file: pageFile, stats, status: missing ? 404 : 200, cacheControl, conditional: !missing });
    }
    await sendNotFound(req, res);
  };
  return handle;
}

export function createSiteServer(options: SiteServerOptions): http.Server {
  const log = options.logger ?? silentLogger;
  const trustProxy = options.trustProxy ?? { kind: 'none' };
  const startedAt = Date.now();
  let handle = createSiteHandler(options, { startedAt });
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const client = clientAddress(req, trustProxy);
    const bytesBefore = req.socket.bytesWritten;
    res.once('close', () => {
      const fields = { method: req.method, path: req.url, status: res.statusCode, bytes: req.socket.bytesWritten - bytesBefore, ms: Math.round((performance.now() - started) * 10) / 10, client };
      log.info(fields, 'request');
    });
    handle(req, res, client).catch((error: unknown) => {
      log.error({ method: req.method, path: req.url, err: error }, 'The request failed');
      sendFailure(res);
    });
  });
  const follow = options.followBuilds;
  if (follow) {
    const stop = watchBuildStamp(path.join(path.resolve(options.distDir), distLayout.buildStamp), follow.pollMs ?? 1000, async (build) => {
      try {
        handle = createSiteHandler({ ...options, site: await follow.loadSite(build) }, { startedAt, build });
        log.info({ build }, 'Serving a new build');
      } catch (error) {
        log.error({ build, err: error }, 'A new build could not be loaded; still serving the one before it');
      }
    });
    server.once('close', stop);
  }
  return server;
}
