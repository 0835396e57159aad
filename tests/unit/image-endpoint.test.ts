// @vitest-environment node
/**
 * GET /_image (server/images/image-endpoint.ts) on the production server, against a real "blog API" on
 * another port: a 2 MB banner reaches a phone small; the refusals say what is wrong; answers are kept on disk
 * under a byte cap.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../server/site-server.ts';
import { DiskCache } from '../../server/images/disk-cache.ts';
import { MAX_INPUT_PIXELS } from '../../server/images/encode.ts';
import { syntheticPhotograph } from '../../scripts/images/synthetic-photograph.ts';
import { imageEndpointUrl } from '../../src/model/image-endpoint-url.ts';
import { apiPicture } from '../../src/kit/api-picture.ts';
import { blogPictures } from '../../src/features/blog/blog-pictures.ts';
import { UI_TIMEOUT } from '../timeouts.ts';
import { close, listen } from './fixtures/listen.ts';
import { serverSite } from './fixtures/server-site.ts';

const site = serverSite([{ path: '/', page: 'home' }]);

/** A PNG whose header says 30000×30000 pixels (900 MP, gigabytes once decoded) in a few hundred bytes. */
function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(30_001 * 10))), chunk('IEND', Buffer.alloc(0))]);
}

let root: string;
let api: http.Server;
let apiOrigin: string;
let server: http.Server;
let base: string;
let banner: Buffer;
const apiRequests: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'image-endpoint-'));
  await mkdir(path.join(root, 'dist', 'uploads'), { recursive: true });
  banner = await syntheticPhotograph({ width: 2400, height: 1260, grain: 40, quality: 99 });
  await writeFile(path.join(root, 'dist', 'uploads', 'local.jpg'), await syntheticPhotograph({ width: 900, height: 600 }));
  const files: Record<string, { type: string; body: Buffer }> = {
    '/uploads/banner.jpg': { type: 'image/jpeg', body: banner },
    '/uploads/page.jpg': { type: 'text/html', body: Buffer.from('<!doctype html><title>Not a picture</title>') },
    '/uploads/bomb.png': { type: 'image/png', body: bombPng() },
  };
  api = http.createServer((req, res) => {
    apiRequests.push(req.url ?? '');
    if (req.url === '/uploads/elsewhere.jpg') {
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data' }).end();
      return;
    }
    const file = files[req.url ?? ''];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.length }).end(file.body);
  });
  apiOrigin = await listen(api);
  server = createSiteServer({ distDir: path.join(root, 'dist'), site, apiHost: apiOrigin, imageCache: { dir: path.join(root, 'image-cache'), maxBytes: 64 * 1024 * 1024 } });
  base = await listen(server);
}, 2 * UI_TIMEOUT);

afterAll(async () => {
  await close(server);
  await close(api);
  await rm(root, { recursive: true, force: true });
});

const get = (url: string) => fetch(base + url);

describe('the image endpoint', () => {
  it('serves a 2 MB API banner to a 390 px phone at 2× in under 100 KB, then from its disk cache', { timeout: 2 * UI_TIMEOUT }, async () => {
    expect(banner.length).toBeGreaterThanOrEqual(2_000_000);
    const src = `${apiOrigin}/uploads/banner.jpg`;
    // The width a 390 px phone at 2× takes from the banner's srcset: the first at least 2 × (390 - 48) px wide.
    const set = apiPicture(src, blogPictures.banner)!;
    const phoneWidth = set.sources[0]!.srcSet.split(', ')
      .map((c) => Number(c.split(' ')[1]!.slice(0, -1)))
      .find((w) => w >= 2 * (390 - 48))!;
    expect(phoneWidth).toBe(768);
    for (const format of ['avif', 'webp'] as const) {
      const res = await get(imageEndpointUrl(src, phoneWidth, format));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length).toBeLessThanOrEqual(100 * 1024);
      expect(await sharp(body).metadata()).toMatchObject({ width: 768, height: 403 });
    }
    const fetched = apiRequests.filter((u) => u === '/uploads/banner.jpg').length;
    expect((await get(imageEndpointUrl(src, phoneWidth, 'avif'))).status).toBe(200);
    expect(apiRequests.filter((u) => u === '/uploads/banner.jpg').length).toBe(fetched);
    expect((await readdir(path.join(root, 'image-cache'))).length).toBe(2);
  });

  it("serves the site's own pictures by path, and never a file outside the build", async () => {
    const res = await get(imageEndpointUrl('/uploads/local.jpg', 480, 'webp'));
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(480);
    const outside = await get(imageEndpointUrl('/../image-cache/x.avif', 480, 'webp'));
    expect(outside.status).toBe(404);
  });

  it('refuses a picture of another host: it is no open proxy', async () => {
    const res = await get(imageEndpointUrl('https://attacker.example/cat.jpg', 480, 'avif'));
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(`Pictures of attacker.example are not served here: this endpoint only takes pictures of ${new URL(apiOrigin).host}.`);
    expect(apiRequests.some((u) => u.includes('cat'))).toBe(false);
  });

  it('refuses a width outside the width set, a format it does not make and a missing src', async () => {
    const odd = await get(imageEndpointUrl(`${apiOrigin}/uploads/banner.jpg`, 500, 'avif'));
    expect(odd.status).toBe(400);
    expect(await odd.text()).toBe('The width "500" is not one we make: w must be one of 480, 768, 1080, 1440, 1920, 2400.');
    const format = await get(`/_image?src=${encodeURIComponent(`${apiOrigin}/uploads/banner.jpg`)}&w=480&f=gif`);
    expect(format.status).toBe(400);
    expect(await format.text()).toBe('The format "gif" is not one we make: f must be one of avif, webp, jpeg.');
    expect((await get('/_image?w=480&f=avif')).status).toBe(400);
  });

  it('refuses a file that is no picture with 415', async () => {
    const res = await get(imageEndpointUrl(`${apiOrigin}/uploads/page.jpg`, 480, 'avif'));
    expect(res.status).toBe(415);
    expect(await res.text()).toBe('The file is not a JPEG, PNG, WebP or AVIF picture.');
  });

  it('refuses a decompression bomb with 422 before decoding it', async () => {
    const res = await get(imageEndpointUrl(`${apiOrigin}/uploads/bomb.png`, 480, 'webp'));
    expect(res.status).toBe(422);
    expect(await res.text()).toBe(`The picture is 30000×30000 pixels, more than the ${MAX_INPUT_PIXELS / 1_000_000} megapixels we decode.`);
  });

  it('does not follow a redirect of the API (it could lead anywhere), and says when the API has no such picture', async () => {
    const redirected = await get(imageEndpointUrl(`${apiOrigin}/uploads/elsewhere.jpg`, 480, 'webp'));
    expect(redirected.status).toBe(502);
    expect(await redirected.text()).toBe('The blog API answered this picture with a redirect, which we do not follow.');
    const missing = await get(imageEndpointUrl(`${apiOrigin}/uploads/gone.jpg`, 480, 'webp'));
    expect(missing.status).toBe(404);
  });
});

describe('the disk cache', () => {
  it('removes the least recently used files when a write takes it past its cap', async () => {
    const dir = path.join(root, 'small-cache');
    const cache = new DiskCache(dir, 2500);
    await cache.set('a', Buffer.alloc(1000));
    await cache.set('b', Buffer.alloc(1000));
    await cache.get('a'); // a is used again: b is now the oldest
    await cache.set('c', Buffer.alloc(1000));
    expect((await readdir(dir)).sort()).toEqual(['a', 'c']);
    expect(cache.bytes).toBe(2000);
  });
});
