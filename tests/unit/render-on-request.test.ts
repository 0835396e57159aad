// @vitest-environment node
/**
 * The server's part in pages rendered on request: asking the bundle which they are, filling the template, caching the result
 * (fresh, stale while it refreshes, the last good one while the blog service fails, a 404 briefly), and
 * falling back to the prerendered page when nothing is cached. The render bundle is a stand-in whose answers
 * the tests switch.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createSiteServer } from '../../server/site-server.ts';
import { captureLog } from './fixtures/capture-log.ts';
import { close, listen } from './fixtures/listen.ts';
import { serverSite } from './fixtures/server-site.ts';

const site = serverSite([
  { path: '/about', page: 'about' },
  { path: '/blogs/:slug', page: 'blog-article' },
]);

// A stand-in for the render bundle: globalThis.bundleMode says how the blog service behaves; questions and renders are counted.
const FAKE_BUNDLE = `
export function readPagesFrom() {}
export async function renderOnRequest({ path, page, params }, { report }) {
  globalThis.asked = (globalThis.asked ?? 0) + 1;
  if (page !== 'blog-article') return { kind: 'prerendered' };
  globalThis.renders = (globalThis.renders ?? 0) + 1;
  if (globalThis.bundleMode === 'down') {
    report('Blog service, while rendering ' + path + ': The blog service could not be reached.');
    throw Object.assign(new Error('The blog service could not be reached.'), { name: 'ApiError' });
  }
  if (path === '/blogs/gone') return { kind: 'missing' };
  return { kind: 'rendered', head: '<title>' + path + '</title>', html: '<h1>Costs $& terms, edition ' + globalThis.edition + '</h1><p>' + params.slug + '</p>' };
}`;

const state = globalThis as unknown as { bundleMode: 'up' | 'down'; renders: number; asked: number; edition: number };
/** How long a page stays fresh. */
const FRESH_MS = 3000;
/** The server's clock: it stands still while a test runs, and moves only when the test moves it. */
let clock = Date.now();
const passTime = (ms: number) => void (clock += ms);
let root: string;
let server: http.Server;
let url: string;
const log = captureLog('warn');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'render-on-request-'));
  const put = async (relative: string, content: string) => {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), content);
  };
  await put('dist/about/index.html', '<!doctype html><title>About</title>');
  await put('dist/404.html', '<!doctype html><title>Not found</title>');
  await put('dist/_shells/blog-article.html', '<!doctype html><title>Article shell</title>');
  await put('render/entry-server.js', FAKE_BUNDLE);
  await put('render/templates/blog-article.html', '<!doctype html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body>');
  await put('dist-server/pages/blog-article.json', JSON.stringify({ title: 'Article', description: 'An article', blocks: [] }));
  server = createSiteServer({ distDir: path.join(root, 'dist'), site, renderDir: path.join(root, 'render'), logger: log.logger, blogCacheMs: FRESH_MS, now: () => clock });
  url = await listen(server);
});

afterAll(async () => {
  await close(server);
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  state.bundleMode = 'up';
  state.edition = 1;
});

it('fills the page template with what the bundle rendered for the path as the server resolved it', async () => {
  const res = await fetch(`${url}/blogs/known`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  const html = await res.text();
  expect(html).toContain('<head><title>/blogs/known</title></head>');
  expect(html).toContain('<h1>Costs $& terms, edition 1</h1>');
  expect(html).toContain('<p>known</p>');
});

it('lets browsers and CDNs cache it: ETag and 304, s-maxage, stale-while-revalidate, stale-if-error, Age', async () => {
  const res = await fetch(`${url}/blogs/cached`, { headers: { 'accept-encoding': 'br' } });
  expect(res.headers.get('content-encoding')).toBe('br');
  const freshS = Math.round(FRESH_MS / 1000);
  expect(res.headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${freshS}, stale-while-revalidate=${freshS}, stale-if-error=86400`);
  expect(Number(res.headers.get('age'))).toBeGreaterThanOrEqual(0);
  const again = await fetch(`${url}/blogs/cached`, { headers: { 'accept-encoding': 'br', 'If-None-Match': res.headers.get('etag')! } });
  expect(again.status).toBe(304);
  const otherEncoding = await fetch(`${url}/blogs/cached`, { headers: { 'accept-encoding': 'gzip', 'If-None-Match': res.headers.get('etag')! } });
  expect(otherEncoding.status).toBe(200);
});

it('renders a page once for many visitors at the same moment, and serves it from memory while fresh', async () => {
  state.renders = 0;
  const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/blogs/popular`).then((r) => r.text())));
  expect(new Set(answers).size).toBe(1);
  expect(state.renders).toBe(1);
  await fetch(`${url}/blogs/popular`);
  expect(state.renders).toBe(1);
});

it('serves the stale page at once when it is no longer fresh, and the refreshed one next', async () => {
  await fetch(`${url}/blogs/changing`);
  state.edition = 2;
  passTime(FRESH_MS + 1); // the page is stale now
  expect(await (await fetch(`${url}/blogs/changing`)).text()).toContain('edition 1');
  // The refresh runs in the background; a request after it gets the new page.
  await expect.poll(async () => (await fetch(`${url}/blogs/changing`)).text()).toContain('edition 2');
});

it('keeps serving the last good page, with its text, while the blog service fails, and picks up new answers when it is back', async () => {
  await fetch(`${url}/blogs/outage`);
  state.bundleMode = 'down';
  passTime(FRESH_MS + 1);
  state.renders = 0;
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${url}/blogs/outage`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1>Costs $& terms, edition 1</h1>');
  }
  await expect.poll(() => log.lines().some((line) => String(line.msg).includes('Serving the last good answer'))).toBe(true);
  // A failed refresh waits before the next try, so the failing service is not hit on every request.
  expect(state.renders).toBe(1);
  state.bundleMode = 'up';
  state.edition = 3;
  expect(await (await fetch(`${url}/blogs/outage`)).text()).toContain('edition 1');
  passTime(FRESH_MS);
  await expect.poll(async () => (await fetch(`${url}/blogs/outage`)).text()).toContain('edition 3');
});

it('serves the prerendered page with 404 when the API has no such article, and remembers that briefly', async () => {
  state.renders = 0;
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${url}/blogs/gone`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
    expect(await res.text()).toContain('<title>Article shell</title>');
  }
  expect(state.renders).toBe(1);
});

it('serves the prerendered page, whose blocks fetch in the browser, when the blog service fails and nothing is cached', async () => {
  state.bundleMode = 'down';
  const res = await fetch(`${url}/blogs/never-seen`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<title>Article shell</title>');
  const lines = log.lines();
  expect(lines.some((line) => line.msg === 'Blog service, while rendering /blogs/never-seen: The blog service could not be reached.')).toBe(true);
  expect(lines.some((line) => line.path === '/blogs/never-seen' && String(line.msg).startsWith('Serving the prerendered page without its loaded data'))).toBe(true);
});

it('serves pages whose blocks load no data as prerendered, asking the bundle about such a page once', async () => {
  state.asked = 0;
  for (let i = 0; i < 3; i++) {
    passTime(FRESH_MS * 2); // the build does not change while the server runs: the answer holds however long
    const res = await fetch(`${url}/about`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<!doctype html><title>About</title>');
  }
  expect(state.asked).toBe(1);
});
