// @vitest-environment node
/** What operators rely on: /healthz, one log line per request, the visitor's address behind a proxy, the API mount. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHandler } from '../../server/api/router.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';
import { RATE_LIMIT } from '../../server/enquiries/enquiry-store.ts';
import { parseTrustProxy } from '../../server/http/client-address.ts';
import { createSiteServer } from '../../server/site-server.ts';
import type { SiteConfig } from '../../src/generated/pages-json.ts';
import { captureLog } from './fixtures/capture-log.ts';
import { close, listen } from './fixtures/listen.ts';

const site = { settings: { siteId: 'test' }, routes: [{ path: '/about', page: 'about' }], redirects: [], layout: {}, fragments: {}, notFoundPage: 'not-found' } as unknown as SiteConfig;
const log = captureLog();
let root: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'server-operations-'));
  await mkdir(path.join(root, 'dist', 'about'), { recursive: true });
  await writeFile(path.join(root, 'dist', 'about', 'index.html'), '<!doctype html><title>About</title>');
  server = createSiteServer({
    distDir: path.join(root, 'dist'),
    site,
    logger: log.logger,
    version: '1.2.3',
    trustProxy: parseTrustProxy('127.0.0.1'),
    apiHandler: createApiHandler({ enquiries: createFileStore(path.join(root, 'data')), siteId: 'test', logger: log.logger }),
  });
  base = await listen(server);
});

afterAll(async () => {
  await close(server);
  await rm(root, { recursive: true, force: true });
});

it('answers /healthz with 200, the version and the uptime', async () => {
  const res = await fetch(`${base}/healthz`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status: 'ok', version: '1.2.3', pid: process.pid });
  expect(body.uptimeS).toBeGreaterThanOrEqual(0);
});

it('logs one JSON line per request: method, path, status, bytes, ms and the client', async () => {
  await (await fetch(`${base}/about?from=test`, { headers: { 'x-forwarded-for': '198.51.100.23' } })).text();
  await expect.poll(() => log.lines().filter((line) => line.msg === 'request' && line.path === '/about?from=test')).toHaveLength(1);
  const line = log.lines().find((l) => l.path === '/about?from=test')!;
  expect(line).toMatchObject({ level: 30, method: 'GET', status: 200, client: '198.51.100.23' });
  expect(line.bytes).toBeGreaterThan(35);
  expect(typeof line.ms).toBe('number');
});

it('counts the rate limit per forwarded visitor behind a trusted proxy, not per proxy', async () => {
  const send = (client: string) => fetch(`${base}/api/send-email`, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain', 'x-forwarded-for': client } });
  // Every request comes from 127.0.0.1 (the trusted proxy), on behalf of two visitors.
  for (let i = 0; i < RATE_LIMIT; i++) expect((await send('203.0.113.1')).status).toBe(415);
  expect((await send('203.0.113.1')).status).toBe(429);
  expect((await send('203.0.113.2')).status).toBe(415);
});

describe('the API mount', () => {
  it('answers GET /api/health', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ status: true });
  });

  it('answers an unknown endpoint with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(`${base}/api/nope`, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ status: false, message: 'No API endpoint at /api/nope.' });
    }
  });

  it('answers a known endpoint with the wrong method with 405', async () => {
    const res = await fetch(`${base}/api/health`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await res.json()).status).toBe(false);
  });

  it('answers JSON 404 for API paths when no handler is mounted', async () => {
    const bare = createSiteServer({ distDir: path.join(root, 'dist'), site });
    const url = await listen(bare);
    try {
      const res = await fetch(`${url}/api/health`);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('No API endpoint at /api/health.');
    } finally {
      await close(bare);
    }
  });
});
