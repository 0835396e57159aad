/**
 * A blog API outage, with the real build: after a good answer the API starts failing, and /blogs and an
 * article are still served from the server's cache with their cards and text in the HTML; when the API
 * recovers with new answers, the first answer it gives is the one the page shows.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { blogApi } from '../../src/features/blog/blog-contract.ts';
import { createApiHandler, type ApiHandler } from '../../server/api/router.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';
import { createSiteServer } from '../../server/site-server.ts';
import { distLayout } from '../../src/model/dist-layout.ts';
import { siteConfig as site } from '../../src/model/site-config.ts';
import { close, listen } from '../unit/fixtures/listen.ts';

const root = path.resolve(import.meta.dirname, '../..');
const CACHE_MS = 1000;
const slug = 'what-to-put-in-an-outsourcing-sla';
let work: string;
let server: http.Server;
let base: string;
let mode: 'up' | 'down' | 'new' = 'up';
/** The server's caches read the time from here (createSiteServer's `now`): the test moves it on, never waits for it. */
let clock = Date.now();
/** Calls for the list the API answered after it recovered. */
let listCallsAfterRecovery = 0;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'blog-outage-'));
  // After the outage the API has one more article.
  const samples = path.join(root, 'server', 'api', 'sample-blogs');
  const newer = path.join(work, 'newer');
  await cp(samples, newer, { recursive: true });
  const fresh = JSON.parse(await readFile(path.join(samples, `${slug}.json`), 'utf8')) as Record<string, unknown>;
  await writeFile(path.join(newer, 'a-fresh-post-after-the-outage.json'), JSON.stringify({ ...fresh, id: 999, slug: 'a-fresh-post-after-the-outage', title: 'A Fresh Post After the Outage', date: '2099-01-01' }));
  const before = createApiHandler({ enquiries: createFileStore(path.join(work, 'data')), siteId: site.settings.siteId });
  const after = createApiHandler({ enquiries: createFileStore(path.join(work, 'data')), siteId: site.settings.siteId, samplesDir: newer });
  const countListCall = (url: string) => {
    if (mode === 'new' && new URL(url, 'http://localhost').pathname === blogApi.listPath(site.settings.siteId)) listCallsAfterRecovery++;
  };
  // The browser asks over HTTP; the server's own pages ask in-process (fetch): both go through the outage.
  const handle: ApiHandler = async (req, res, client) => {
    if (mode === 'down') {
      res.statusCode = 503;
      res.end('{"status":false}');
      return true;
    }
    countListCall(req.url ?? '/');
    return (mode === 'new' ? after : before)(req, res, client);
  };
  const inProcess = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (mode === 'down') return new Response('{"status":false}', { status: 503 });
    countListCall(String(input));
    return (mode === 'new' ? after : before).fetch(input, init);
  };
  const api = Object.assign(handle, { fetch: inProcess as typeof fetch });
  server = createSiteServer({ distDir: path.join(root, distLayout.clientDir), site, apiHandler: api, apiHost: '', renderDir: path.join(root, distLayout.renderDir), blogCacheMs: CACHE_MS, now: () => clock });
  base = await listen(server);
});

afterAll(async () => {
  await close(server);
  await rm(work, { recursive: true, force: true });
});

const html = async (urlPath: string) => {
  const res = await fetch(base + urlPath);
  return { status: res.status, text: await res.text(), age: res.headers.get('age') };
};

it('keeps serving /blogs and the article with their cards and text while the API is down, then shows new answers', async () => {
  const list = await html('/blogs');
  const article = await html(`/blogs/${slug}`);
  expect(list.text).toContain('What to Put in an Outsourcing SLA');
  expect(article.text).toMatch(/<h1[^>]*>What to Put in an Outsourcing SLA<\/h1>/);

  mode = 'down';
  for (let i = 0; i < 3; i++) {
    // Past CACHE_MS both pages are stale: each is served as it was while it is refreshed against the failing API.
    clock += CACHE_MS + 1;
    const during = await html('/blogs');
    expect(during.status).toBe(200);
    expect(during.text).toContain('What to Put in an Outsourcing SLA');
    const duringArticle = await html(`/blogs/${slug}`);
    expect(duringArticle.status).toBe(200);
    expect(duringArticle.text).toMatch(/<h1[^>]*>What to Put in an Outsourcing SLA<\/h1>/);
    // Both refreshes ended: rendered again with the last good answers, the pages are new (Age 0 on the clock that stands still).
    for (const urlPath of ['/blogs', `/blogs/${slug}`]) await expect.poll(async () => `${urlPath} Age ${(await html(urlPath)).age}`).toBe(`${urlPath} Age 0`);
  }

  mode = 'new';
  clock += CACHE_MS + 1;
  await expect.poll(async () => (await html('/blogs')).text).toContain('A Fresh Post After the Outage');
  // The page took the first answer of the recovered API: no older answer was kept past its own refresh.
  expect(listCallsAfterRecovery).toBe(1);
});
