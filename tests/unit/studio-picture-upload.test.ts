// @vitest-environment node
/**
 * Uploading a photograph in the studio, over real HTTP, on a copy of the site made a git repository: an author's
 * upload lands in public/images/ with the audit entry and a thumbnail for signed-in people; every refusal (no session,
 * a signed-out cookie, another Origin, not JSON, too large, no picture, an SVG, a name with a path) says why and
 * writes nothing; publishing a page commits the new picture it shows, and only that one.
 */
import { readdir, readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_BODY_BYTES } from '../../scripts/editor/picture-upload.ts';
import { syntheticPhotograph } from '../../scripts/images/synthetic-photograph.ts';
import { createImageEndpoint } from '../../server/images/image-endpoint.ts';
import { silentLogger } from '../../server/logger.ts';
import { readSchemaFiles } from '../../server/studio/checkout-build.ts';
import { createContentApi } from '../../server/studio/content-api.ts';
import { createFileDraftStore } from '../../server/studio/draft-store.ts';
import { gitCheckout } from '../../server/studio/git-checkout.ts';
import { createPublisher } from '../../server/studio/publisher.ts';
import { createStudioServer } from '../../server/studio/studio-server.ts';
import { MAX_UPLOAD_BYTES } from '../../src/editor/shared/editor-contract.ts';
import { close, listen } from './fixtures/listen.ts';
import { createStudioSite, STUDIO_PASSWORD, type StudioSite } from './fixtures/studio-site.ts';

const PASSWORD = STUDIO_PASSWORD;
let dir: string;
let dataDir: string;
let server: http.Server;
let base: string;
let photo: Buffer;
const cookies: Record<'author' | 'publisher' | 'signedOut', string> = { author: '', publisher: '', signedOut: '' };

let git: StudioSite['git'];
let site: StudioSite | undefined;
const post = (route: string, body: string, init: { cookie?: string; origin?: string | null; type?: string } = {}) =>
  fetch(`${base}${route}`, {
    method: 'POST',
    headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), ...(init.origin === null ? {} : { Origin: init.origin ?? base }), 'Content-Type': init.type ?? 'application/json' },
    body,
  });
const upload = (name: string, data: Buffer, init: Parameters<typeof post>[2] = { cookie: cookies.author }) => post('/studio/api/picture', JSON.stringify({ name, data: data.toString('base64') }), init);
const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as { message?: string; image?: { src: string; width: number; height: number } } });
const auditLines = () => readFile(path.join(dataDir, 'studio', 'audit.jsonl'), 'utf8').then((text) => text.trim().split('\n'));
/** Every file under public/: what a refused upload must leave as it was. */
const publicFiles = async () =>
  (await readdir(path.join(dir, 'public'), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

beforeAll(async () => {
  site = await createStudioSite({ ownPublic: true });
  ({ dir, dataDir, git } = site);
  const { store } = site;
  const checkout = gitCheckout(dir);
  // The site's build is tested in the browser tests; here a publish writes, checks and commits.
  const publisher = createPublisher({ root: dir, git: checkout, build: async () => undefined, schemaFiles: () => readSchemaFiles(dir) });
  const content = createContentApi({ root: dir, drafts: createFileDraftStore(dataDir), publisher, git: checkout, store, validator: async () => undefined });
  const thumbnails = createImageEndpoint({ distDir: path.join(dir, 'public'), apiHost: '', cacheDir: path.join(dataDir, 'image-cache'), cacheBytes: 16 * 1024 * 1024, cacheControl: 'no-store' });
  server = createStudioServer({ store, trustProxy: { kind: 'none' }, logger: silentLogger, content, thumbnails });
  base = await listen(server);
  const signIn = async (email: string) => (await post('/studio/api/sign-in', JSON.stringify({ email, password: PASSWORD }))).headers.get('set-cookie')!.split(';')[0]!;
  cookies.author = await signIn('ana@example.com');
  cookies.publisher = await signIn('pat@example.com');
  cookies.signedOut = await signIn('ana@example.com');
  await post('/studio/api/sign-out', '{}', { cookie: cookies.signedOut });
  photo = await syntheticPhotograph({ width: 1200, height: 800 });
}, 60_000);

afterAll(async () => {
  if (server) await close(server);
  await site?.remove();
});

describe('uploading a photograph in the studio', () => {
  it("writes an author's photograph into public/images/ without its EXIF, audits it, and shows its thumbnail to signed-in people only", async () => {
    const fromPhone = await sharp(photo)
      .withExifMerge({ IFD0: { Make: 'Phone' } })
      .jpeg()
      .toBuffer();
    expect(await answer(await upload('Team Day.JPG', fromPhone))).toEqual({ status: 201, body: { image: { src: '/images/team-day.jpg', width: 1200, height: 800 } } });
    expect((await sharp(await readFile(path.join(dir, 'public/images/team-day.jpg'))).metadata()).exif).toBeUndefined();
    expect(JSON.parse((await auditLines()).at(-1)!)).toMatchObject({ event: 'uploaded', actor: 'ana@example.com', address: '127.0.0.1', subject: 'public/images/team-day.jpg' });

    const thumbnail = `${base}/_image?src=${encodeURIComponent('/images/team-day.jpg')}&w=480&f=webp`;
    const shown = await fetch(thumbnail, { headers: { Cookie: cookies.author } });
    expect([shown.status, shown.headers.get('content-type'), shown.headers.get('cache-control')]).toEqual([200, 'image/webp', 'no-store']);
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).width).toBe(480);
    expect((await fetch(thumbnail, { headers: { Cookie: cookies.signedOut } })).status).toBe(401);
    expect((await fetch(`${base}/_image?src=${encodeURIComponent('/../package.json')}&w=480&f=webp`, { headers: { Cookie: cookies.author } })).status).toBe(404);
  });

  const text = Buffer.from('These are my notes, not a photograph.\n'.repeat(20));
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  it.each<[string, () => Promise<Response>, number, RegExp]>([
    ['no session', () => upload('x.jpg', photo, {}), 401, /not signed in/],
    ['a signed-out cookie', () => upload('x.jpg', photo, { cookie: cookies.signedOut }), 401, /not signed in/],
    ['another Origin', () => upload('x.jpg', photo, { cookie: cookies.author, origin: 'https://evil.example' }), 403, /another site \(https:\/\/evil\.example\)/],
    ['no Origin', () => upload('x.jpg', photo, { cookie: cookies.author, origin: null }), 403, /no page of the studio/],
    [
      'a multipart form, not JSON',
      () => post('/studio/api/picture', `--b\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\n\r\n${photo.toString('latin1')}\r\n--b--`, { cookie: cookies.author, type: 'multipart/form-data; boundary=b' }),
      415,
      /as JSON/,
    ],
    ['a photograph over 10 MB', () => upload('huge.jpg', Buffer.concat([photo, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - photo.length)])), 413, /“huge\.jpg” is larger than 10 MB/],
    ['a body over the limit, answered in words', () => post('/studio/api/picture', `{"name":"x.jpg","data":"${'A'.repeat(UPLOAD_BODY_BYTES)}"}`, { cookie: cookies.author }), 413, /^The photograph is larger than 10 MB/],
    ['a text file named .jpg', () => upload('notes.jpg', text), 415, /its content is no image/],
    ['an SVG', () => upload('logo.svg', svg), 415, /SVG drawing/],
    ['a name going up: ../x.jpg', () => upload('../x.jpg', photo), 400, /not a plain file name/],
    ['a name going up, encoded: %2e%2e/x.jpg', () => upload('%2e%2e/x.jpg', photo), 400, /not a plain file name/],
    ['a name going up, all encoded: %2e%2e%2fx.jpg', () => upload('%2e%2e%2fx.jpg', photo), 400, /not a plain file name/],
    ['an absolute name', () => upload('/etc/x.jpg', photo), 400, /not a plain file name/],
    ['a body of the wrong shape', () => post('/studio/api/picture', JSON.stringify({ file: 'x.jpg' }), { cookie: cookies.author }), 400, /Send \{ "name"/],
  ])('refuses %s, says why, and writes nothing', async (_, send, status, message) => {
    const before = { files: await publicFiles(), audit: await auditLines() };
    const refused = await answer(await send());
    expect([refused.status, refused.body.message]).toEqual([status, expect.stringMatching(message)]);
    expect({ files: await publicFiles(), audit: await auditLines() }).toEqual(before);
  });
});

describe('publishing a page with an uploaded picture', () => {
  /** A draft of /about whose story picture is `image`, saved by the publisher. */
  async function draftShowing(image: { src: string; width: number; height: number }): Promise<void> {
    const about = await readFile(path.join(dir, 'pages/about.json'), 'utf8');
    const value = JSON.parse(about.replace(/"src": "\/images\/[^"]+",(\s+"alt": "Our story)/, `"src": "${image.src}",$1`).replace(/"width": \d+,(\s+)"height": \d+/, `"width": ${image.width},$1"height": ${image.height}`)) as object;
    expect(JSON.stringify(value)).toContain(image.src);
    const { version } = (await (await fetch(`${base}/studio/api/file?file=pages/about.json`, { headers: { Cookie: cookies.publisher } })).json()) as { version: string };
    expect((await post('/studio/api/draft', JSON.stringify({ file: 'pages/about.json', value, base: version }), { cookie: cookies.publisher })).status).toBe(200);
  }
  const publish = () => post('/studio/api/publish', JSON.stringify({ files: ['pages/about.json'] }), { cookie: cookies.publisher });

  it('commits the picture the page shows with it, and leaves an upload no page shows uncommitted', async () => {
    const shown = (await answer(await upload('Lisbon office.jpg', photo))).body.image!;
    const unused = (await answer(await upload('Not used.jpg', await syntheticPhotograph({ width: 600, height: 400, seed: 3 })))).body.image!;
    await draftShowing(shown);
    expect((await publish()).status).toBe(200);
    expect((await git('show', '--format=%b', '--name-only', 'HEAD')).trim().split('\n').slice(-2)).toEqual(['pages/about.json', `public${shown.src}`]);
    expect(await git('show', '--format=%B', '--no-patch', 'HEAD')).toContain(`New pictures: public${shown.src}`);
    expect(await git('status', '--porcelain', '--untracked-files=all', 'public')).toBe(`?? public${unused.src}\n?? public/images/team-day.jpg\n`);
  });

  it('leaves a new picture an uncommitted upload, nothing staged, when the commit fails', async () => {
    const head = await git('rev-parse', 'HEAD');
    const live = await readFile(path.join(dir, 'pages/about.json'), 'utf8');
    const picture = (await answer(await upload('Harbour.jpg', photo))).body.image!;
    await draftShowing(picture);
    // A commit that must be signed by a program that always fails: git add has run, git commit fails.
    await git('config', 'commit.gpgSign', 'true');
    await git('config', 'gpg.program', 'false');
    try {
      expect(await answer(await publish())).toMatchObject({ status: 500, body: { message: expect.stringMatching(/^Not published: the commit failed/) } });
    } finally {
      await git('config', '--unset', 'commit.gpgSign');
      await git('config', '--unset', 'gpg.program');
    }
    expect([await git('rev-parse', 'HEAD'), await readFile(path.join(dir, 'pages/about.json'), 'utf8')]).toEqual([head, live]);
    expect(await git('status', '--porcelain', '--untracked-files=all', 'public', 'pages')).toContain(`?? public${picture.src}\n`);
    expect(await git('diff', '--cached', '--name-only')).toBe('');
  });
});
