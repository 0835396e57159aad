// @vitest-environment node
import { silentLogger } from '../../server/logger.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBlogRoutes, loadSamplePosts } from '../../server/api/blog.ts';
import { createApiHandler, type ApiRoute } from '../../server/api/router.ts';
import { matchPattern } from '../../src/model/routes.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';

function sample(slug: string, id: number, date: string) {
  return {
    id,
    slug,
    title: `Title of ${slug}`,
    subtitle: `Subtitle of ${slug}`,
    date,
    banner_image: `uploads/blog/${slug}/banner.svg`,
    meta_title: `Meta title of ${slug}`,
    meta_description: `Meta description of ${slug}`,
    content: {
      'section-1': [
        { column: 'Heading2', data: 'First heading' },
        { column: 'description', data: '<p>Body text.</p>' },
      ],
      'section-2': [{ column: 'image', data: `uploads/blog/${slug}/chart.svg` }],
    },
  };
}

let dir: string;
let server: http.Server;
let base: string;

/** Serves a route list the way createApiHandler does, without the default (shipped) routes. */
function serve(routes: ApiRoute[]): Promise<string> {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    for (const route of routes) {
      const params = matchPattern(route.pattern, url.pathname);
      if (params && route.method === req.method) {
        Promise.resolve(route.handle({ req, res, params, url, enquiries: createFileStore(dir), client: '127.0.0.1', log: silentLogger })).catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
        return;
      }
    }
    res.statusCode = 404;
    res.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'blog-routes-'));
  // Written out of date order, so sorting is the routes' work.
  await writeFile(path.join(dir, 'middle-post.json'), JSON.stringify(sample('middle-post', 2, '2025-05-10')));
  await writeFile(path.join(dir, 'newest-post.json'), JSON.stringify(sample('newest-post', 3, '2025-09-18')));
  await writeFile(path.join(dir, 'oldest-post.json'), JSON.stringify(sample('oldest-post', 1, '2024-12-01')));
  await writeFile(path.join(dir, 'notes.txt'), 'not an article');
  base = await serve(createBlogRoutes({ samplesDir: dir, siteId: 'alcyone' }));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('GET /api/alcyone/blogs', () => {
  it('lists the posts newest first in the wire format', async () => {
    const res = await fetch(`${base}/api/alcyone/blogs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { status: boolean; result: Array<Record<string, unknown>> };
    expect(body.status).toBe(true);
    expect(body.result.map((p) => p.slug)).toEqual(['newest-post', 'middle-post', 'oldest-post']);
    expect(body.result[0]).toEqual({
      id: 3,
      slug: 'newest-post',
      title: 'Title of newest-post',
      date: '2025-09-18',
      banner_image: 'uploads/blog/newest-post/banner.svg',
      meta_title: 'Meta title of newest-post',
      meta_description: 'Meta description of newest-post',
    });
  });
});

describe('GET /api/blog/alcyone/:slug', () => {
  it('answers the article with its content as a JSON string', async () => {
    const res = await fetch(`${base}/api/blog/alcyone/middle-post`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: boolean; result: Record<string, unknown> };
    expect(body.status).toBe(true);
    expect(Object.keys(body.result).sort()).toEqual(['banner_image', 'content', 'date', 'meta_title', 'slug', 'subtitle', 'title']);
    expect(body.result).toMatchObject({ slug: 'middle-post', title: 'Title of middle-post', subtitle: 'Subtitle of middle-post', date: '2025-05-10' });
    expect(typeof body.result.content).toBe('string');
    expect(JSON.parse(body.result.content as string)).toEqual(sample('middle-post', 2, '2025-05-10').content);
  });

  it('answers 404 { status: false } for an unknown slug', async () => {
    const res = await fetch(`${base}/api/blog/alcyone/no-such-post`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: false });
  });
});

describe('loadSamplePosts', () => {
  it('treats a missing folder as no posts', async () => {
    await expect(loadSamplePosts(path.join(dir, 'missing'))).resolves.toEqual([]);
  });

  it('names the file when a sample is broken', async () => {
    const broken = await mkdtemp(path.join(os.tmpdir(), 'blog-routes-broken-'));
    try {
      await writeFile(path.join(broken, 'bad.json'), '{ "id": 1,');
      await expect(loadSamplePosts(broken)).rejects.toThrow(/bad\.json is not valid JSON/);
      await writeFile(path.join(broken, 'bad.json'), JSON.stringify(sample('other-slug', 1, '2025-01-01')));
      await expect(loadSamplePosts(broken)).rejects.toThrow(/bad\.json.*named after its slug/);
      await writeFile(path.join(broken, 'bad.json'), JSON.stringify({ ...sample('bad', 1, '2025-01-01'), date: 'last week' }));
      await expect(loadSamplePosts(broken)).rejects.toThrow(/ISO date/);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});

describe('the embedded API', () => {
  it('serves the shipped samples (valid files, newest first) through createApiHandler', async () => {
    const handle = createApiHandler({ enquiries: createFileStore(dir), siteId: 'alcyone' });
    const apiServer = http.createServer((req, res) => {
      void handle(req, res).then((handled) => {
        if (!handled) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => apiServer.listen(0, '127.0.0.1', resolve));
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await fetch(`http://127.0.0.1:${(apiServer.address() as AddressInfo).port}/api/alcyone/blogs`);
      const body = (await res.json()) as { status: boolean; result: Array<{ date: string }> };
      expect(errorLog).not.toHaveBeenCalled();
      expect(res.status).toBe(200);
      expect(body.status).toBe(true);
      const dates = body.result.map((p) => p.date);
      expect(dates).toEqual([...dates].sort().reverse());
    } finally {
      errorLog.mockRestore();
      await new Promise((resolve) => apiServer.close(resolve));
    }
  });
});
