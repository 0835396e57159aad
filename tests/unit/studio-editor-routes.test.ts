// @vitest-environment node
/**
 * What the studio serves its page editor, over real HTTP: the editor's build and the site's pictures to signed-in
 * users only (a page sends you to sign in, a file is refused), no file outside them whatever the path says; the
 * editor's reads (the site's pictures and fragments) and its content check of edits in memory, which writes nothing;
 * and a whole document as a body only from a signed-in editor (a write's session is checked before its body is read).
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite } from '../../scripts/bench/generated-site.ts';
import { silentLogger } from '../../server/logger.ts';
import { createAccounts } from '../../server/studio/accounts.ts';
import { createContentApi } from '../../server/studio/content-api.ts';
import { createFileDraftStore } from '../../server/studio/draft-store.ts';
import { editorFiles } from '../../server/studio/editor-files.ts';
import { createFileAccountStore } from '../../server/studio/file-account-store.ts';
import { gitCheckout } from '../../server/studio/git-checkout.ts';
import { createPublisher } from '../../server/studio/publisher.ts';
import { publicPictures } from '../../server/studio/public-pictures.ts';
import { createStudioServer } from '../../server/studio/studio-server.ts';
import { readSchemaFiles } from '../../server/studio/checkout-build.ts';
import { close, listen } from './fixtures/listen.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'a long enough passphrase';
let dir: string;
let server: http.Server;
let base: string;
let cookie = '';
let meAnswer: Record<string, unknown>;

const call = (route: string, init: { body?: unknown; cookie?: string; raw?: string } = {}) =>
  fetch(`${base}${route}`, {
    method: init.body === undefined && init.raw === undefined ? 'GET' : 'POST',
    redirect: 'manual',
    headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), ...(init.body === undefined && init.raw === undefined ? {} : { 'Content-Type': 'application/json', Origin: base }) },
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });

beforeAll(async () => {
  ({ dir } = await generateSite(root, 0));
  const dataDir = path.join(dir, '.data');
  // A stand-in for the editor's build: its page and one script.
  await mkdir(path.join(dir, 'dist-studio/src/editor'), { recursive: true });
  await mkdir(path.join(dir, 'dist-studio/assets'), { recursive: true });
  await writeFile(path.join(dir, 'dist-studio/src/editor/studio.html'), '<!doctype html><title>The editor</title>');
  await writeFile(path.join(dir, 'dist-studio/assets/studio-abc123.js'), 'export {};');
  await writeFile(path.join(dir, '.data-secret.txt'), 'not for the studio');
  const store = createFileAccountStore(dataDir);
  await createAccounts(store).add({ email: 'ana@example.com', name: 'Ana Lima', role: 'author', password: PASSWORD }, { email: null, address: 'test' });
  const git = gitCheckout(dir);
  const publisher = createPublisher({ root: dir, git, build: () => Promise.reject(new Error('nothing is published here')), schemaFiles: () => readSchemaFiles(dir) });
  const content = createContentApi({ root: dir, drafts: createFileDraftStore(dataDir), publisher, git, store, validator: async () => undefined });
  server = createStudioServer({ store, trustProxy: { kind: 'none' }, logger: silentLogger, content, editor: editorFiles(dir), pictures: publicPictures(dir) });
  base = await listen(server);
  cookie = (await call('/studio/api/sign-in', { body: { email: 'ana@example.com', password: PASSWORD } })).headers.get('set-cookie')!.split(';')[0]!;
  meAnswer = (await (await call('/studio/api/me', { cookie })).json()) as Record<string, unknown>;
}, 60_000);

afterAll(async () => {
  await Promise.all([server && close(server), dir && rm(dir, { recursive: true, force: true })]);
});

describe("the studio's page editor", () => {
  it('is served to a signed-in user only: a page sends you to sign in, a file is refused', async () => {
    for (const page of ['/studio/edit', '/studio/edit/preview']) {
      const anonymous = await call(page);
      expect([anonymous.status, anonymous.headers.get('location')]).toEqual([303, '/studio']);
      const signedIn = await call(page, { cookie });
      expect([signedIn.status, await signedIn.text()]).toEqual([200, '<!doctype html><title>The editor</title>']);
      expect(signedIn.headers.get('cache-control')).toBe('no-store');
      expect(signedIn.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    }
    expect((await call('/studio/edit/assets/studio-abc123.js')).status).toBe(401);
    const script = await call('/studio/edit/assets/studio-abc123.js', { cookie });
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await call('/images/our-story.jpg')).status).toBe(401);
    const picture = await call('/images/our-story.jpg', { cookie });
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it('reaches no file outside its build and public/, whatever the path says', async () => {
    for (const route of [
      '/studio/edit/assets/..%2F..%2Fpackage.json',
      '/studio/edit/assets/../src/editor/studio.html',
      '/studio/edit/assets/.hidden.js',
      '/studio/edit/assets/studio.html',
      '/images/..%2F..%2Fpackage.json',
      '/%2e%2e/.data-secret.txt',
      '/.data-secret.txt',
      '/images/missing.jpg',
      '/pages.json',
    ]) {
      const res = await call(route, { cookie });
      expect([route, res.status]).toEqual([route, 404]);
    }
  });

  it("says who may publish, restore and create pages; answers the editor's reads; checks edits in memory and writes nothing", async () => {
    expect(meAnswer).toMatchObject({ role: 'author', mayPublish: false, mayRestore: false, mayCreatePages: false });
    const site = (await (await call('/studio/api/site', { cookie })).json()) as { pages: string[]; images: Array<{ src: string }>; fragmentUse: Record<string, string[]> };
    expect(site.pages).toContain('about');
    expect(site.images.map((i) => i.src)).toContain('/images/our-story.jpg');
    expect(site.fragmentUse['closing-banner']).toContain('about');

    const about = JSON.parse(await (await call('/studio/api/file?file=pages/about.json', { cookie })).text()) as { text: string; version: string };
    const value = { ...(JSON.parse(about.text) as object), title: 'Short' };
    const checked = await call('/studio/api/check', { cookie, body: { changes: [{ file: 'pages/about.json', value, base: about.version }] } });
    expect(checked.status).toBe(200);
    const { issues } = (await checked.json()) as { issues: Array<{ file: string; severity: string }> };
    expect(issues).toContainEqual(expect.objectContaining({ file: 'pages/about.json', severity: 'error' }));
    expect(await readdir(path.join(dir, '.data/studio')).then((names) => names.includes('drafts'))).toBe(false);
    for (const body of [{}, { changes: [] }, { changes: [{ file: '../package.json', value, base: null }] }, { changes: [{ file: 'pages/about.json', value: 'text', base: null }] }]) {
      expect((await call('/studio/api/check', { cookie, body })).status).toBe(400);
    }
    expect((await call('/studio/api/check', { body: { changes: [] } })).status).toBe(401);
  });

  it('takes a whole document (over 64 KB) only from a signed-in editor: without a session its body is not even read', async () => {
    const large = JSON.stringify({ changes: [{ file: 'pages/about.json', value: { title: 'x'.repeat(100 * 1024) }, base: null }] });
    expect((await call('/studio/api/check', { raw: large })).status).toBe(401);
    expect((await call('/studio/api/check', { raw: large, cookie })).status).toBe(200);
  });
});
