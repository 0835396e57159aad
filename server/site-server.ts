/**
 * The production server: dispatches each request to the embedded API, a file of the build, a redirect, a page
 * (rendered on request when it shows blog answers, else prerendered) or the 404 page. Plain node:http, so the
 * browser tests measure exactly what a visitor gets. How each answer is made lives in server/http/.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { SiteConfig } from '../src/generated/site-config.ts';
import { distLayout, htmlFileFor } from '../src/model/dist-layout.ts';
import { resolvePath, type RouteTable } from '../src/model/routes.ts';
import { sendJson, type ApiHandler } from './api/router.ts';
import { parseRequestPath } from './http/request-path.ts';
import { sendFailure, sendHtml, sendText } from './http/responses.ts';
import { securityHeaders } from './http/security-headers.ts';
import { cacheControlFor, fileStats, sendFile } from './http/static-files.ts';
import { createRequestRenderer, type RenderedPage } from './render-on-request.ts';

export interface SiteServerOptions {
  /** The build output: index.html, <path>/index.html, 404.html, _shells/, assets/. */
  distDir: string;
  site: SiteConfig;
  apiHandler?: ApiHandler;
  /** The API origin the pages call (VITE_API_HOST); empty means the site's own origin. */
  apiHost?: string;
  /** The server bundle (dist-ssr/): when set, the pages that show blog answers are rendered on each request with them. */
  ssrDir?: string;
}

/** The origin this request reached, to call the server's own API over loopback. */
function selfOrigin(req: IncomingMessage): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

/** Shells are templates for dynamic routes, not pages of their own; dot files (the build stamp) are bookkeeping, except .well-known/. */
function isServableName(relative: string): boolean {
  const segments = relative.split(/[/\\]/);
  return segments[0] !== distLayout.shellsDir && !segments.some((s) => s.startsWith('.') && s !== '.well-known');
}

export function createSiteServer(options: SiteServerOptions): http.Server {
  const distDir = path.resolve(options.distDir);
  const table: RouteTable = { routes: options.site.routes, redirects: options.site.redirects };
  const headers = securityHeaders(distDir, options.apiHost ?? '');
  const renderer = options.ssrDir ? createRequestRenderer(options.ssrDir) : undefined;

  /** The page rendered with its blog answers; null when it has none or the blog service failed (logged). */
  const renderOnRequest = async (req: IncomingMessage, urlPath: string, page: string): Promise<RenderedPage | null> => {
    if (!renderer) return null;
    try {
      return await renderer.render(urlPath, page, selfOrigin(req));
    } catch (error) {
      // The blog service's failures are logged where they happen (one line); anything else is a bug: full stack.
      const cause = error instanceof Error && error.name === 'ApiError' ? error.message : error;
      console.error(`Serving the prerendered ${urlPath} without its blog answers (its blocks fetch them in the browser):`, cause);
      return null;
    }
  };

  const sendNotFound = async (req: IncomingMessage, res: ServerResponse) => {
    const file = path.join(distDir, distLayout.notFoundFile);
    const stats = await fileStats(file);
    if (!stats) return sendText(res, 404, 'Page not found.');
    await sendFile(req, res, { file, stats, status: 404, cacheControl: 'no-cache', conditional: false });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);

    const requestPath = parseRequestPath(req.url ?? '/');
    if (!requestPath) return sendText(res, 400, 'Bad request: the address is not a valid path.');

    if (requestPath.raw === '/api' || requestPath.raw.startsWith('/api/')) {
      const handled = options.apiHandler ? await options.apiHandler(req, res) : false;
      if (!handled) sendJson(res, 404, { status: false, message: `No API endpoint at ${requestPath.raw}.` });
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendText(res, 405, `${req.method} is not allowed here: pages and files answer GET and HEAD only.`, { Allow: 'GET, HEAD' });
    }

    // A file of the build, by its own name.
    const relative = path.normalize(requestPath.decoded).replace(/^[/\\]+/, '');
    const file = path.join(distDir, relative);
    if (file.startsWith(distDir + path.sep) && isServableName(relative)) {
      const stats = await fileStats(file);
      if (stats) return sendFile(req, res, { file, stats, status: 200, cacheControl: cacheControlFor(requestPath.raw, file), conditional: true });
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
      const rendered = await renderOnRequest(req, requestPath.raw, resolution.page);
      if (rendered?.kind === 'rendered') return sendHtml(req, res, rendered.html);
      const pageFile = path.join(distDir, htmlFileFor(resolution.pattern, resolution.page));
      const stats = await fileStats(pageFile);
      // An article the API does not have: its page says so in the browser; crawlers get the 404 status.
      const missing = rendered?.kind === 'missing';
      if (stats) return sendFile(req, res, { file: pageFile, stats, status: missing ? 404 : 200, cacheControl: 'no-cache', conditional: !missing });
    }
    await sendNotFound(req, res);
  };

  return http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendFailure(req, res, error));
  });
}
