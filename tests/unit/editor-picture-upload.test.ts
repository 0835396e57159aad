// @vitest-environment node
/**
 * Uploading a photograph through the editor's API, over real HTTP against a copy of public/: a real picture is
 * written into public/images/ under a safe name of its own, with its size; every refusal (no picture, too large,
 * a name with a path, another origin, a body of the wrong shape) answers in words and writes nothing.
 */
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEditorApi } from '../../scripts/editor/editor-api';
import { safePictureStem } from '../../scripts/editor/picture-upload';
import { syntheticPhotograph } from '../../scripts/images/synthetic-photograph';
import { MAX_UPLOAD_BYTES } from '../../src/editor/shared/editor-contract';

const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
let server: Server;
let port: number;
let photo: Buffer;
const logged: string[] = [];

interface Answer {
  status: number;
  body: { message?: string; image?: { src: string; width: number; height: number } };
}

function post(body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const all: Record<string, string> = { host: `localhost:${port}`, origin: `http://localhost:${port}`, 'content-type': 'application/json', ...headers };
  for (const [k, v] of Object.entries(all)) if (v === '') delete all[k];
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/pictures', headers: all }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as Answer['body'] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const upload = (name: string, data: Buffer, headers?: Record<string, string>) => post(JSON.stringify({ name, data: data.toString('base64') }), headers);

/** Every file under public/, with its size: what a refused upload must leave as it was. */
async function publicFiles(): Promise<string[]> {
  const entries = await readdir(path.join(dir, 'public'), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('uploading a photograph through the editor API', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'editor-upload-'));
    await cp(path.join(root, 'public'), path.join(dir, 'public'), { recursive: true });
    photo = await syntheticPhotograph({ width: 1200, height: 800 });
    const api = createEditorApi({ root: dir, validator: async () => undefined, logError: (m) => logged.push(m) });
    server = createServer((req, res) => void api(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    expect(logged).toEqual([]);
  });

  it('writes a photograph into public/images/ under a lower-case kebab name, with its width and height', async () => {
    const answer = await upload('Team Day (Lisbon) 2024.JPG', photo);
    expect(answer).toEqual({ status: 201, body: { image: { src: '/images/team-day-lisbon-2024.jpg', width: 1200, height: 800 } } });
    expect((await readFile(path.join(dir, 'public/images/team-day-lisbon-2024.jpg'))).equals(photo)).toBe(true);
  });

  it('never overwrites: a taken name gets a suffix, and the first file stays as it was', async () => {
    const other = await syntheticPhotograph({ width: 800, height: 600, seed: 7 });
    const first = await upload('office.jpg', photo);
    const second = await upload('Office.jpeg', other);
    expect([first.body.image?.src, second.body.image?.src]).toEqual(['/images/office.jpg', '/images/office-2.jpg']);
    expect((await readFile(path.join(dir, 'public/images/office.jpg'))).equals(photo)).toBe(true);
    expect(second.body.image).toMatchObject({ width: 800, height: 600 });
    // The picture already in the project keeps its bytes too.
    const ours = await upload('our-story.jpg', other);
    expect(ours.body.image?.src).toBe('/images/our-story-2.jpg');
    expect(await readFile(path.join(dir, 'public/images/our-story.jpg'))).toEqual(await readFile(path.join(root, 'public/images/our-story.jpg')));
  });

  it('removes where and when a photograph was taken (EXIF, GPS), turned as the camera said, before it is written', async () => {
    // A phone's portrait: stored landscape, with orientation 6 (turn 90°) and the place it was taken.
    const fromPhone = await sharp(photo)
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(fromPhone).metadata()).exif).toBeDefined();
    const answer = await upload('from-my-phone.jpg', fromPhone);
    expect(answer.body.image).toEqual({ src: '/images/from-my-phone.jpg', width: 800, height: 1200 });
    const written = await sharp(await readFile(path.join(dir, 'public/images/from-my-phone.jpg'))).metadata();
    expect([written.exif, written.xmp, written.iptc, written.width, written.height]).toEqual([undefined, undefined, undefined, 800, 1200]);
  });

  it('names the file by what it is, not by its extension: a PNG called .jpg is written as .png', async () => {
    const png = await syntheticPhotograph({ width: 400, height: 300, format: 'png' });
    const answer = await upload('screenshot.jpg', png);
    expect(answer.body.image).toEqual({ src: '/images/screenshot.png', width: 400, height: 300 });
  });

  it('makes a name of words from any name, and refuses one that holds a path', () => {
    expect(safePictureStem('Café Crème — São Paulo.webp')).toBe('cafe-creme-sao-paulo');
    expect(safePictureStem('写真.jpg')).toBe('photograph');
    expect(safePictureStem('a..b.jpg')).toBe('a-b');
    for (const name of ['../x.jpg', '..\\x.jpg', '/etc/x.jpg', 'C:\\x.jpg', '.hidden.jpg', '..%2fx.jpg', 'x.jpg\u0000.png']) {
      expect(() => safePictureStem(name), name).toThrow(/not a plain file name/);
    }
  });

  const text = Buffer.from('These are my notes, not a photograph.\n'.repeat(20));
  it.each<[string, () => Promise<Answer>, number, RegExp]>([
    ['a .jpg that is text', () => upload('holiday.jpg', text), 415, /“holiday\.jpg” is not a picture the site can use: its content is no image\. Choose a photograph saved as JPEG, PNG, WebP or AVIF\./],
    ['an SVG drawing', () => upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')), 415, /SVG drawing; the editor uploads photographs only/],
    [
      'a GIF',
      async () =>
        upload(
          'anim.gif',
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
            .gif()
            .toBuffer(),
        ),
      415,
      /it is a GIF file/,
    ],
    ['a photograph cut off halfway', () => upload('cut.jpg', photo.subarray(0, photo.length / 2)), 415, /could not be read to its end/],
    ['a file over 10 MB', () => upload('huge.jpg', Buffer.concat([photo, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - photo.length)])), 413, /“huge\.jpg” is larger than 10 MB, the most the editor takes\. Save a smaller copy/],
    ['a body far over the limit, refused before its end', () => post(`{"name":"x.jpg","data":"${'A'.repeat(16 * 1024 * 1024)}"}`), 413, /^The photograph is larger than 10 MB, the most the editor takes\./],
    ['a name with a path: ../x.jpg', () => upload('../x.jpg', photo), 400, /“\.\.\/x\.jpg” is not a plain file name/],
    ['a name with a path: ../../pages/x.jpg', () => upload('../../pages/x.jpg', photo), 400, /not a plain file name/],
    ['a name with a Windows path', () => upload('..\\..\\x.jpg', photo), 400, /not a plain file name/],
    ['another origin', () => upload('x.jpg', photo, { origin: 'http://attacker.example' }), 403, /requests from http:\/\/attacker\.example may not use the editor/],
    ['no origin', () => upload('x.jpg', photo, { origin: '' }), 403, /has no Origin header/],
    ['a form post, not JSON', () => post(`name=x.jpg&data=${photo.toString('base64')}`, { 'content-type': 'application/x-www-form-urlencoded' }), 403, /sent as application\/json/],
    ['a body without a name', () => post(JSON.stringify({ data: photo.toString('base64') })), 400, /Send \{ "name"/],
    ['data that is not base64', () => post(JSON.stringify({ name: 'x.jpg', data: '<script>' })), 400, /arrived damaged/],
    ['an empty file', () => upload('empty.jpg', Buffer.alloc(0)), 400, /“empty\.jpg” is empty/],
  ])('refuses %s, says why, and writes nothing', async (_, send, status, message) => {
    const before = await publicFiles();
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.body.message).toMatch(message);
    expect(await publicFiles()).toEqual(before);
  });
});
