/**
 * The production server behind `npm start` (DESIGN §6): the prerendered build in dist/, the embedded API,
 * redirects, the pages that show blog answers rendered on each request (the article shell when that cannot
 * be done) and a real 404 — with compression, caching and security headers. Plain node:http, so the browser tests measure exactly what a visitor gets.
 */
import { createHash } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream, readFileSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { sendJson, type ApiHandler } from '../api/index.ts';
import type { SiteConfig } from '../../src/generated/site-config.ts';
import { isDynamicPattern, resolvePath, type RouteTable } from '../../src/content/routes.ts';
import { createRequestRenderer, type RenderedPage } from './request-renderer.ts';

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

const SERVER_ERROR = 'Something went wrong on our side. Please try again in a moment.';
/** Below this size compression costs more than it saves. */
const COMPRESS_MIN_BYTES = 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.map', '.xml', '.txt', '.webmanifest']);

type Encoding = 'br' | 'gzip';
const SIBLING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The Content-Security-Policy the site runs under; `apiHost` is the origin of the blog and send-email API,
 * `scriptHashes` allow the build's inline scripts (the loader) by their exact content, never 'unsafe-inline'.
 */
export function contentSecurityPolicy(apiHost = '', scriptHashes: string[] = []): string {
  const api = apiSource(apiHost);
  const withApi = (sources: string) => (api ? `${sources} ${api}` : sources);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self'",
    // Blocks set a few inline style attributes (widths, slider offsets); inline <style> and scripts stay banned.
    "style-src-attr 'unsafe-inline'",
    withApi("img-src 'self' data:"),
    "font-src 'self'",
    withApi("connect-src 'self'"),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A CSP source matches a path only exactly, so "https://api.example.com/v1/" must become its origin. */
function apiSource(apiHost: string): string {
  const value = apiHost.trim();
  if (!value) return '';
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Not a URL: a bare host such as "api.example.com" is still a valid source.
  }
  if (/^[a-z0-9.-]+(:\d+)?$/i.test(value)) return value;
  throw new Error(`The API host "${apiHost}" is not an origin such as https://api.example.com; fix VITE_API_HOST or settings.apiHost in pages.json.`);
}

/** The code of a page's inline scripts: plain <script> elements (JSON data blocks are never run). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

/** CSP sources for the inline scripts of a page. */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/** The build's inline loader is the same on every page: its hashes are read once, from dist/index.html. */
function buildScriptHashes(distDir: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  } catch {
    return []; // No build yet: pages answer 404 anyway.
  }
}

function securityHeaders(apiHost: string, scriptHashes: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(apiHost, scriptHashes),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** The encodings the client accepts, best first (br before gzip), honouring q=0 and "*". */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const quality = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)).find(Boolean);
    quality.set(coding, q ? Number(q[1]) : 1);
  }
  const accepts = (coding: string) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(accepts);
}

interface RequestPath {
  /** As sent (percent-encoded): what the route matcher expects. */
  raw: string;
  /** Decoded: what the file system expects. */
  decoded: string;
  /** The query string with its "?", or "". */
  search: string;
}

/** Null when the path is malformed or tries to leave the build directory. */
function parseRequestPath(url: string): RequestPath | null {
  let target = url;
  if (!url.startsWith('/')) {
    // Absolute-form targets (sent to proxies) are rare; anything else ("*", garbage) is not a path.
    if (!URL.canParse(url)) return null;
    const parsed = new URL(url);
    target = parsed.pathname + parsed.search;
  }
  const queryAt = target.search(/[?#]/);
  const raw = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 || target[queryAt] === '#' ? '' : target.slice(queryAt).split('#')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // Checked after decoding, so "%2e%2e", "..%2f" and "%00" are caught as well as their plain forms.
  if (decoded.includes('\0') || decoded.split(/[/\\]/).includes('..')) return null;
  return { raw, decoded, search };
}

async function fileStats(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

function etagOf(stats: Stats, encoding: string): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

function cacheControlFor(urlPath: string, file: string): string {
  if (path.extname(file) === '.html') return 'no-cache';
  // Vite puts a content hash in every name under /assets/: a changed file is a new URL.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function sendText(res: ServerResponse, status: number, text: string, extraHeaders: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.end(text); // Node drops the body of a HEAD answer itself.
}

function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  console.error(`Error while answering ${req.method} ${req.url}:`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // Drop headers meant for the response that failed (Content-Encoding, ETag …); keep the security ones.
  for (const name of ['Content-Encoding', 'Content-Length', 'ETag', 'Vary', 'Location', 'Allow']) res.removeHeader(name);
  sendText(res, 500, SERVER_ERROR);
}

interface SendFileOptions {
  file: string;
  stats: Stats;
  status: number;
  cacheControl: string;
  /** Answer 304 when the client holds this version; only for 200 answers. */
  conditional: boolean;
}

async function sendFile(req: IncomingMessage, res: ServerResponse, options: SendFileOptions): Promise<void> {
  const { file, stats, status, cacheControl, conditional } = options;
  const extension = path.extname(file).toLowerCase();
  const compressible = COMPRESSIBLE.has(extension);

  // Pick the representation: a precompressed sibling, else compress on the fly, else the file as it is.
  let body = { file, size: stats.size, encoding: '' as Encoding | '', onTheFly: false };
  if (compressible) {
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    for (const encoding of accepted) {
      const sibling = await fileStats(file + SIBLING_SUFFIX[encoding]);
      if (sibling) {
        body = { file: file + SIBLING_SUFFIX[encoding], size: sibling.size, encoding, onTheFly: false };
        break;
      }
    }
    if (!body.encoding && accepted[0] && stats.size > COMPRESS_MIN_BYTES) {
      body = { file, size: stats.size, encoding: accepted[0], onTheFly: true };
    }
  }

  res.setHeader('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
  res.setHeader('Cache-Control', cacheControl);
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (body.encoding) res.setHeader('Content-Encoding', body.encoding);
  const etag = etagOf(stats, body.encoding);
  res.setHeader('ETag', etag);

  if (conditional && matchesEtag(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.removeHeader('Content-Encoding');
    res.end();
    return;
  }

  res.statusCode = status;
  // On-the-fly output has no known length: Node sends it chunked.
  if (!body.onTheFly) res.setHeader('Content-Length', body.size);
  if (req.method === 'HEAD') {
    // Node would drop the body anyway; this skips reading (and compressing) the file.
    res.end();
    return;
  }

  const source = createReadStream(body.file);
  // By now the status line is on its way: an error can only be logged (pipeline has closed the response).
  const onDone = (error: NodeJS.ErrnoException | null) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(`Error while sending ${body.file}:`, error);
  };
  if (!body.onTheFly) {
    pipeline(source, res, onDone);
  } else if (body.encoding === 'br') {
    const brotli = zlib.createBrotliCompress({
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: stats.size },
    });
    pipeline(source, brotli, res, onDone);
  } else {
    pipeline(source, zlib.createGzip({ level: 6 }), res, onDone);
  }
}

/** A page rendered for this request: compressed here (it is small), with an ETag from its content. */
function sendHtml(req: IncomingMessage, res: ServerResponse, html: string): void {
  const raw = Buffer.from(html);
  const encoding = raw.length > COMPRESS_MIN_BYTES ? acceptedEncodings(req.headers['accept-encoding'])[0] : undefined;
  const etag = `W/"${createHash('sha1').update(raw).digest('base64url')}${encoding ? `-${encoding}` : ''}"`;
  res.setHeader('Content-Type', CONTENT_TYPES['.html']!);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : encoding === 'gzip'
        ? zlib.gzipSync(raw, { level: 6 })
        : raw;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.statusCode = 200;
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The origin this request reached, to call the server's own API over loopback. */
function selfOrigin(req: IncomingMessage): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

export function createSiteServer(options: SiteServerOptions): http.Server {
  const distDir = path.resolve(options.distDir);
  const table: RouteTable = { routes: options.site.routes, redirects: options.site.redirects };
  const headers = securityHeaders(options.apiHost ?? '', buildScriptHashes(distDir));
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

  /** The build file a resolved page is prerendered to, relative to dist. */
  const htmlFileFor = (pattern: string, page: string) => {
    if (isDynamicPattern(pattern)) return path.join('_shells', `${page}.html`);
    return pattern === '/' ? 'index.html' : path.join(...pattern.slice(1).split('/'), 'index.html');
  };

  const sendNotFound = async (req: IncomingMessage, res: ServerResponse) => {
    const file = path.join(distDir, '404.html');
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

    // A file of the build, by its own name. Shells are templates for dynamic routes, not pages of their own;
    // dot files (the build stamp) are bookkeeping, except the public .well-known/ convention.
    const relative = path.normalize(requestPath.decoded).replace(/^[/\\]+/, '');
    const segments = relative.split(/[/\\]/);
    const file = path.join(distDir, relative);
    const servable =
      file.startsWith(distDir + path.sep) && segments[0] !== '_shells' && !segments.some((s) => s.startsWith('.') && s !== '.well-known');
    if (servable) {
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
    handle(req, res).catch((error: unknown) => fail(req, res, error));
  });
}
