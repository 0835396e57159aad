// @vitest-environment node
/**
 * GET /_page?path=…: what the browser's navigations load instead of a route table — the page with its route
 * parameters and its document as the build wrote it, a redirect, or the 404 page's document with status 404.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../server/site-server.ts';
import { navigationAnswerUrl, type RouteAnswer } from '../../src/model/route-answer.ts';
import { close, listen } from './fixtures/listen.ts';
import { serverSite } from './fixtures/server-site.ts';

const site = serverSite(
  [
    { path: '/about', page: 'about' },
    { path: '/blogs/:slug', page: 'blog-article' },
    { path: '/orphan', page: 'never-built' },
  ],
  [{ from: '/company', to: '/about' }],
);

const document = (title: string) => ({ title, description: `${title}, described`, blocks: [{ type: 'page-hero', id: 'hero', props: { heading: title } }] });

let root: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'page-data-'));
  await mkdir(path.join(root, 'dist'));
  await mkdir(path.join(root, 'dist-server', 'pages'), { recursive: true });
  for (const name of ['about', 'blog-article', 'not-found']) {
    // Long enough to be compressed, as real documents are.
    const doc = { ...document(name), description: `${name} `.repeat(300) };
    await writeFile(path.join(root, 'dist-server', 'pages', `${name}.json`), JSON.stringify(doc));
  }
  server = createSiteServer({ distDir: path.join(root, 'dist'), site });
  base = await listen(server);
});

afterAll(async () => {
  await close(server);
  await rm(root, { recursive: true, force: true });
});

const get = async (pathOnSite: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + navigationAnswerUrl(pathOnSite), { headers });
  return { res, answer: res.status === 304 ? null : ((await res.json()) as RouteAnswer) };
};

describe('navigation answers', () => {
  it('answers a page with its document and route parameters', async () => {
    const { res, answer } = await get('/about');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer).toMatchObject({ kind: 'page', page: 'about', params: {}, notFound: false, document: { title: 'about' } });
    const article = await get('/blogs/caf%C3%A9');
    expect(article.answer).toMatchObject({ kind: 'page', page: 'blog-article', params: { slug: 'café' }, document: { title: 'blog-article' } });
  });

  it('answers a redirect with where it leads, and an unknown path with the 404 page and status 404', async () => {
    expect((await get('/company')).answer).toEqual({ kind: 'redirect', to: '/about' });
    expect((await get('/about/')).answer).toEqual({ kind: 'redirect', to: '/about' });
    const missing = await get('/no-such-page');
    expect(missing.res.status).toBe(404);
    expect(missing.answer).toMatchObject({ kind: 'page', page: 'not-found', notFound: true, document: { title: 'not-found' } });
  });

  it('is compressed, revalidated with its ETag, and never cached without asking', async () => {
    const first = await get('/about', { 'Accept-Encoding': 'br' });
    expect(first.res.headers.get('content-encoding')).toBe('br');
    expect(first.res.headers.get('cache-control')).toBe('no-cache');
    const again = await get('/about', { 'Accept-Encoding': 'br', 'If-None-Match': first.res.headers.get('etag')! });
    expect(again.res.status).toBe(304);
  });

  it('says what is wrong with a request without a path, and with a routed page the build did not write', async () => {
    const bare = await fetch(`${base}/_page`);
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { message: string }).message).toContain('?path=/about');
    const orphan = await fetch(base + navigationAnswerUrl('/orphan'));
    expect(orphan.status).toBe(500);
    expect(((await orphan.json()) as { message: string }).message).toBe('The page document never-built is missing from the build. Run npm run build again.');
  });
});
