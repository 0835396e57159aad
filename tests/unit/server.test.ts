// @vitest-environment node
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../server/site-server.ts';
import { contentSecurityPolicy } from '../../server/http/security-headers.ts';
import { captureLog } from './fixtures/capture-log.ts';
import { close, listen } from './fixtures/listen.ts';
import { createApiHandler } from '../../server/api/router.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';
import { serverSite } from './fixtures/server-site.ts';

const site = serverSite(
  [
    { path: '/', page: 'home' },
    { path: '/about', page: 'about' },
    { path: '/blogs/:slug', page: 'blog-article' },
    // Routed, but its HTML is missing from the build: answered with the 404 page.
    { path: '/contact', page: 'contact' },
  ],
  [
    { from: '/services', to: '/about' },
    { from: '/blog-overview/:slug', to: '/blogs/:slug' },
  ],
);

const APP_JS = "console.log('identity');";
const BIG_CSS = Array.from({ length: 400 }, (_, i) => `.block-${i} { color: red; margin: ${i}px; }`).join('\n');

let root: string;
let dataDir: string;
let server: http.Server;
let base: string;

async function put(relative: string, content: string | Buffer): Promise<void> {
  const file = path.join(root, 'dist', relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** A request with the path sent exactly as written (fetch would normalise "..", "%2e%2e"). */
function rawGet(requestPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { path: requestPath }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject).end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-server-'));
  dataDir = path.join(root, 'data');
  await writeFile(path.join(root, 'secret.txt'), 'outside the build');
  await put('index.html', '<!doctype html><title>Home</title>');
  await put('about/index.html', '<!doctype html><title>About</title>');
  await put('404.html', '<!doctype html><title>Not found</title>');
  await put('_shells/blog-article.html', '<!doctype html><title>Article shell</title>');
  await put('assets/app-abc123.js', APP_JS);
  // Different content per sibling, so the decoded body tells which file was sent.
  await put('assets/app-abc123.js.br', zlib.brotliCompressSync("console.log('from br');"));
  await put('assets/app-abc123.js.gz', zlib.gzipSync("console.log('from gz');"));
  await put('assets/big-def456.css', BIG_CSS);
  await put('.build-stamp', 'bookkeeping');
  await put('robots.txt', 'User-agent: *\nAllow: /\n');
  await put('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));

  server = createSiteServer({ distDir: path.join(root, 'dist'), site, apiHandler: createApiHandler({ enquiries: createFileStore(dataDir), siteId: 'alcyone' }), apiHost: 'https://api.example.com' });
  base = await listen(server);
});

afterAll(async () => {
  await close(server);
  await rm(root, { recursive: true, force: true });
});

describe('pages', () => {
  it.each([
    ['/', 'Home'],
    ['/about', 'About'],
    ['/about?utm_source=x', 'About'],
  ])('%s answers 200 with its prerendered HTML', async (url, title) => {
    const res = await fetch(base + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain(`<title>${title}</title>`);
  });

  it.each(['/blogs/any-slug', '/blogs/another-post-2025', '/blogs/caf%C3%A9'])('%s answers 200 with the article shell', async (url) => {
    const res = await fetch(base + url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Article shell');
  });

  it.each(['/nope', '/about/team', '/blogs', '/_shells/blog-article.html', '/.build-stamp', '/contact'])('%s answers 404 with the 404 page', async (url) => {
    const res = await fetch(base + url);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Not found</title>');
  });

  it('answers HEAD with headers only', async () => {
    const res = await fetch(`${base}/about`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength('<!doctype html><title>About</title>')));
    expect(await res.text()).toBe('');
  });

  it('refuses other methods on pages with 405 and Allow', async () => {
    const res = await fetch(`${base}/about`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('redirects', () => {
  it.each([
    ['/services', '/about'],
    ['/services?ref=mail', '/about?ref=mail'],
    ['/blog-overview/my-post', '/blogs/my-post'],
    ['/blog-overview/my-post?x=1', '/blogs/my-post?x=1'],
    ['/about/', '/about'],
    ['/about/?x=1', '/about?x=1'],
    ['/blogs/my-post/', '/blogs/my-post'],
  ])('%s → 301 %s', async (from, to) => {
    const res = await fetch(base + from, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  it('does not redirect a trailing slash to a path that does not exist', async () => {
    const res = await fetch(`${base}/nope/`, { redirect: 'manual' });
    expect(res.status).toBe(404);
  });
});

describe('files and compression', () => {
  it('prefers the precompressed brotli sibling', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe("console.log('from br');");
  });

  it('sends the gzip sibling when brotli is not accepted', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe("console.log('from gz');");
  });

  it('sends the file itself without an accepted encoding', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(APP_JS);
  });

  it('compresses a big file without sibling on the fly', async () => {
    const gz = await fetch(`${base}/assets/big-def456.css`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await gz.text()).toBe(BIG_CSS);

    const br = await fetch(`${base}/assets/big-def456.css`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(BIG_CSS);
  });

  it('leaves small files and images uncompressed', async () => {
    const txt = await fetch(`${base}/robots.txt`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(txt.headers.get('content-encoding')).toBeNull();
    expect(txt.headers.get('vary')).toBe('Accept-Encoding');
    const png = await fetch(`${base}/logo.png`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
  });

  it('caches hashed assets for a year, other files for an hour', async () => {
    expect((await fetch(`${base}/assets/app-abc123.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/robots.txt`)).headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await fetch(`${base}/logo.png`)).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it.each(['/about', '/assets/app-abc123.js'])('answers 304 for %s when the client holds the same version', async (url) => {
    const first = await fetch(base + url, { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    await first.text();
    const again = await fetch(base + url, { headers: { 'accept-encoding': 'br', 'if-none-match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    // The 304 keeps the freshness the full answer gave (RFC 9110, 15.4.5).
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(first.headers.get('cache-control')).toMatch(/^(no-cache|public, max-age=\d+)/);
    expect(await again.text()).toBe('');
  });

  it('does not answer 304 for another encoding of the same file', async () => {
    const br = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    const other = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'identity', 'if-none-match': br.headers.get('etag')! } });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(APP_JS);
  });

  it('does not answer 304 for the 404 page', async () => {
    const first = await fetch(`${base}/nope`);
    const again = await fetch(`${base}/nope`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(404);
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/%2E%2E/%2e%2e/secret.txt', '/about%00.html', '/..\\secret.txt', '/%E0%A4%A'])('rejects %s with 400', async (requestPath) => {
    const res = await rawGet(requestPath);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain('outside the build');
  });
});

describe('security headers', () => {
  it('are on pages, files, redirects, 404s and API answers', async () => {
    const expected = contentSecurityPolicy('https://api.example.com');
    for (const url of ['/', '/assets/app-abc123.js', '/services', '/nope', '/api/health', '/api/nope']) {
      const res = await fetch(base + url, { redirect: 'manual' });
      expect(res.headers.get('content-security-policy'), url).toBe(expected);
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      expect(res.headers.get('permissions-policy'), url).toBe('camera=(), microphone=(), geolocation=()');
      expect(res.headers.get('cross-origin-opener-policy'), url).toBe('same-origin');
    }
  });
});

describe('failures', () => {
  it('answers 500 in plain words when a handler throws, logs the cause, and keeps serving', async () => {
    const log = captureLog();
    const failing = createSiteServer({
      distDir: path.join(root, 'dist'),
      site,
      logger: log.logger,
      apiHandler: async () => {
        throw new Error('boom');
      },
    });
    const url = await listen(failing);
    try {
      const res = await fetch(`${url}/api/anything`);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toBe('Something went wrong on our side. Please try again in a moment.');
      expect((await fetch(`${url}/about`)).status).toBe(200);
      const failure = log.lines().find((line) => line.msg === 'The request failed');
      expect(failure).toMatchObject({ level: 50, method: 'GET', path: '/api/anything', err: { message: 'boom' } });
    } finally {
      await close(failing);
    }
  });
});
