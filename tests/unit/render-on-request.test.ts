// @vitest-environment node
/** The server's part in pages rendered on request: choosing them, filling the template, and falling back. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createSiteServer } from '../../server/site-server.ts';
import type { SiteConfig } from '../../src/generated/site-config.ts';
import { close, listen } from './fixtures/listen.ts';

const site = {
  settings: { brand: 'Test', siteUrl: 'https://www.example.com', siteId: 'test', apiHost: '', shareImage: '/share.png', contact: {} },
  routes: [
    { path: '/about', page: 'about' },
    { path: '/blogs/:slug', page: 'blog-article' },
  ],
  redirects: [],
  layout: {},
  fragments: {},
  notFoundPage: 'not-found',
} as unknown as SiteConfig;

// A stand-in for the server bundle: the server's part is choosing, filling the template, and falling back.
const FAKE_BUNDLE = `
export async function renderOnRequest(path, { selfOrigin }) {
if (path === '/blogs/known') return { kind: 'rendered', head: '<title>Known</title>', html: '<h1>Costs $& terms</h1><p>' + selfOrigin + '</p>' };
if (path === '/blogs/gone') return { kind: 'missing' };
throw Object.assign(new Error('The blog service could not be reached.'), { name: 'ApiError' });
}`;
let root: string;
let rendering: http.Server;
let url: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'render-on-request-'));
  const put = async (relative: string, content: string) => {
    await mkdir(path.dirname(path.join(root, 'dist', relative)), { recursive: true });
    await writeFile(path.join(root, 'dist', relative), content);
  };
  await put('about/index.html', '<!doctype html><title>About</title>');
  await put('404.html', '<!doctype html><title>Not found</title>');
  await put('_shells/blog-article.html', '<!doctype html><title>Article shell</title>');
  const ssrDir = path.join(root, 'dist-ssr');
  await mkdir(path.join(ssrDir, 'templates'), { recursive: true });
  await writeFile(path.join(ssrDir, 'entry-server.js'), FAKE_BUNDLE);
  await writeFile(path.join(ssrDir, 'templates', 'blog-article.html'), '<!doctype html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body>');
  rendering = createSiteServer({ distDir: path.join(root, 'dist'), site, ssrDir });
  url = await listen(rendering);
});
afterAll(async () => {
  await close(rendering);
  await rm(root, { recursive: true, force: true });
});

it('fills the page template with what the bundle rendered, and lets it call the API on this very server', async () => {
  const res = await fetch(`${url}/blogs/known`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  const html = await res.text();
  expect(html).toContain('<head><title>Known</title></head>');
  expect(html).toContain('<h1>Costs $& terms</h1>');
  expect(html).toContain(`<p>${url}</p>`);
  const again = await fetch(`${url}/blogs/known`, { headers: { 'If-None-Match': res.headers.get('etag')! } });
  expect(again.status).toBe(304);
});

it('serves the prerendered page with 404 when the API has no such article', async () => {
  const res = await fetch(`${url}/blogs/gone`);
  expect(res.status).toBe(404);
  expect(await res.text()).toContain('<title>Article shell</title>');
});

it('serves the prerendered page, whose blocks fetch in the browser, when the blog service fails', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const res = await fetch(`${url}/blogs/anything`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Article shell</title>');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Serving the prerendered /blogs/anything without its blog answers'), 'The blog service could not be reached.');
  } finally {
    log.mockRestore();
  }
});

it('serves pages without a template as prerendered', async () => {
  const res = await fetch(`${url}/about`);
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('<!doctype html><title>About</title>');
});
