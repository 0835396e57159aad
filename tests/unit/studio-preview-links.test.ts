// @vitest-environment node
/**
 * Preview links over real HTTP, on both stores (files in DATA_DIR and a real PostgreSQL cluster): an author shares
 * a page's draft, someone without an account opens it (the page, noindex, never cached, no referrer), a colleague
 * revokes it. Every refusal: no session, another Origin, a bad body, no draft; an unknown, revoked or expired
 * secret answered alike; the secret reaching nothing but its page (no API, no other page, not the editor or its
 * files). The secret is in no audit entry and no log line.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite } from '../../scripts/bench/generated-site.ts';
import { createAccounts } from '../../server/studio/accounts.ts';
import { editorFiles } from '../../server/studio/editor-files.ts';
import { openStudioStores, type StudioStores } from '../../server/studio/open-studio-stores.ts';
import { createPreviewApi } from '../../server/studio/preview-api.ts';
import { createPreviewLinks, PREVIEW_LIFETIME_MS } from '../../server/studio/preview-links.ts';
import { previewRoute } from '../../server/studio/preview-route.ts';
import { publicPictures } from '../../server/studio/public-pictures.ts';
import { captureLog } from './fixtures/capture-log.ts';
import { close } from './fixtures/listen.ts';
import { startPostgresCluster, type PostgresCluster } from './fixtures/postgres-cluster.ts';
import { serveStudio, STUDIO_PASSWORD, studioCall, type StudioRequest } from './fixtures/studio-site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = STUDIO_PASSWORD;
const ABOUT = 'pages/about.json';
const DRAFT_HEADING = 'About us, in the draft';
let dir: string;
let cluster: PostgresCluster;

/** A stand-in for the editor's build: its page, the entry, a frame module with a block, and an editor module. */
const MANIFEST = {
  'src/editor/studio.html': { file: 'assets/studio-entry.js', isEntry: true, css: ['assets/studio.css'], dynamicImports: ['src/editor/page/start-editor.ts', 'src/editor/frame/preview-page.tsx'] },
  'src/editor/page/start-editor.ts': { file: 'assets/editor-only.js' },
  'src/editor/frame/preview-page.tsx': { file: 'assets/frame.js', dynamicImports: ['blocks/page-hero/page-hero.tsx'] },
  'blocks/page-hero/page-hero.tsx': { file: 'assets/page-hero.js' },
};

beforeAll(async () => {
  ({ dir } = await generateSite(root, 0));
  await mkdir(path.join(dir, 'dist-studio/src/editor'), { recursive: true });
  await mkdir(path.join(dir, 'dist-studio/assets'), { recursive: true });
  await mkdir(path.join(dir, 'dist-studio/.vite'), { recursive: true });
  await writeFile(path.join(dir, 'dist-studio/src/editor/studio.html'), '<!doctype html><title>The editor</title>');
  await writeFile(path.join(dir, 'dist-studio/.vite/manifest.json'), JSON.stringify(MANIFEST));
  for (const name of ['studio-entry.js', 'studio.css', 'editor-only.js', 'frame.js', 'page-hero.js']) await writeFile(path.join(dir, 'dist-studio/assets', name), `/* ${name} */`);
  cluster = await startPostgresCluster();
}, 120_000);

afterAll(async () => {
  await cluster?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const kinds = [
  { kind: 'files in DATA_DIR', databaseUrl: async () => undefined },
  { kind: 'PostgreSQL', databaseUrl: () => cluster.createDatabase() },
];

describe.each(kinds)('preview links, kept in $kind', ({ databaseUrl }) => {
  let stores: StudioStores;
  let server: http.Server;
  let base: string;
  let dataDir: string;
  let clock = Date.UTC(2026, 10, 27, 9);
  const log = captureLog();
  let cookies = { author: '', publisher: '' };

  const call = (route: string, init: StudioRequest = {}) => studioCall(base, route, init);
  const share = async (cookie = cookies.author) => (await (await call('/studio/api/previews', { body: { file: ABOUT }, cookie })).json()) as { id: string; path: string; expiresAt: string };
  const listed = async () => ((await (await call(`/studio/api/previews?file=${ABOUT}`, { cookie: cookies.publisher })).json()) as { links: Array<{ id: string }> }).links.map((l) => l.id);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'studio-previews-'));
    stores = openStudioStores({ dataDir, databaseUrl: await databaseUrl() }, log.logger);
    const store = stores.accounts;
    const accounts = createAccounts(store);
    await accounts.add({ email: 'ana@example.com', name: 'Ana Lima', role: 'author', password: PASSWORD }, { email: null, address: 'test' });
    await accounts.add({ email: 'pat@example.com', name: 'Pat Okafor', role: 'publisher', password: PASSWORD }, { email: null, address: 'test' });
    const about = { title: 'About | Draft', blocks: [{ type: 'page-hero', id: 'hero', props: { heading: DRAFT_HEADING, text: 'Draft text.' } }, { fragment: 'closing-banner' }] };
    await stores.drafts.save({ file: ABOUT, value: about, base: null, savedBy: { email: 'ana@example.com', name: 'Ana Lima' }, savedAt: new Date(clock).toISOString() });
    const links = createPreviewLinks(stores.previews, () => clock);
    const previews = { api: createPreviewApi({ links, drafts: stores.drafts, store, now: () => clock }), route: previewRoute({ root: dir, links, drafts: stores.drafts, secure: false, now: () => clock }) };
    ({ server, base, cookies } = await serveStudio(store, { editor: editorFiles(dir), pictures: publicPictures(dir), previews, logger: log.logger }));
  }, 60_000);

  afterAll(async () => {
    if (server) await close(server);
    await stores?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("shares a page's draft: 7 days, listed for the team, audited by a short id, the secret in no entry and no log line", async () => {
    const link = await share();
    expect(link.path).toMatch(/^\/studio\/preview\/[\w-]{43}$/);
    expect(Date.parse(link.expiresAt) - clock).toBe(PREVIEW_LIFETIME_MS);
    expect(await listed()).toContain(link.id);
    const secret = link.path.split('/').pop()!;
    // The store holds the secret's hash, never the secret.
    expect(JSON.stringify(await stores.previews.ofFile(ABOUT))).not.toContain(secret);
    const opened = await call(link.path);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(opened.headers.get('set-cookie')).toMatch(/^studio-preview=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=604800$/);
    const shared = (await (await call(`${link.path}/page`)).json()) as { path: string; documents: { page: { blocks: Array<{ props?: { heading?: string } }> }; site: Record<string, unknown> } };
    expect([shared.path, shared.documents.page.blocks[0]?.props?.heading]).toEqual(['/about', DRAFT_HEADING]);
    // Of pages.json only what frames this page: its header and footer and the fragments it uses, no routes or settings.
    expect(Object.keys(shared.documents.site).sort()).toEqual(['fragments', 'layout']);
    expect(Object.keys(shared.documents.site.fragments as object)).toEqual(['closing-banner']);
    expect((await call(`${link.path}/frame`)).status).toBe(200);

    const entry = (await stores.accounts.audit()).find((e) => e.event === 'preview-shared')!;
    expect(entry).toMatchObject({ actor: 'ana@example.com', subject: ABOUT, detail: `link ${link.id}, until ${link.expiresAt}` });
    expect(JSON.stringify(await stores.accounts.audit())).not.toContain(secret);
    const logged = JSON.stringify(log.lines());
    expect(logged).toContain(`/studio/preview/${secret.slice(0, 4)}…/page`);
    expect(logged).not.toContain(secret.slice(0, 12));
  });

  it('follows the draft: a later save shows in the link, and with no draft left it shows the live page', async () => {
    const link = await share();
    const shown = async () => (await (await call(`${link.path}/page`)).json()) as { documents: { page: { blocks: Array<{ props?: { heading?: string } }> } }; draft: unknown };
    const draft = (await stores.drafts.get(ABOUT))!;
    await stores.drafts.save({ ...draft, value: { ...(draft.value as object), blocks: [{ type: 'page-hero', id: 'hero', props: { heading: 'Saved later' } }] } });
    expect((await shown()).documents.page.blocks[0]?.props?.heading).toBe('Saved later');
    await stores.drafts.remove(ABOUT);
    expect([(await shown()).documents.page.blocks[0]?.props?.heading, (await shown()).draft]).toEqual(['About Us', null]);
    await stores.drafts.save(draft);
  });

  it('refuses to share without a session, from another Origin, without JSON, for no page or a page with no draft; nothing is made', async () => {
    const before = await listed();
    const refusals = [
      [await call('/studio/api/previews', { body: { file: ABOUT } }), 401],
      [await call('/studio/api/previews', { body: { file: ABOUT }, cookie: cookies.author, origin: 'https://evil.example' }), 403],
      [await call('/studio/api/previews', { body: { file: ABOUT }, cookie: cookies.author, type: 'text/plain' }), 415],
      [await call('/studio/api/previews', { body: {}, cookie: cookies.author }), 400],
      [await call('/studio/api/previews', { body: { file: 'pages.json' }, cookie: cookies.author }), 400],
      [await call('/studio/api/previews', { body: { file: '../secrets.json' }, cookie: cookies.author }), 400],
      [await call('/studio/api/previews', { body: { file: 'pages/contact.json' }, cookie: cookies.author }), 409],
      [await call(`/studio/api/previews?file=${ABOUT}`), 401],
    ] as const;
    expect(refusals.map(([res]) => res.status)).toEqual(refusals.map(([, status]) => status));
    expect(await listed()).toEqual(before);
  });

  it('answers an unknown, malformed, revoked or expired secret with the same plain 404', async () => {
    const revoked = await share();
    const refusedRevoke = await call('/studio/api/previews/revoke', { body: { file: ABOUT, id: revoked.id }, cookie: cookies.publisher, origin: 'https://evil.example' });
    expect(refusedRevoke.status).toBe(403);
    expect((await call('/studio/api/previews/revoke', { body: { file: ABOUT, id: revoked.id } })).status).toBe(401);
    expect((await call('/studio/api/previews/revoke', { body: { file: 'pages/contact.json', id: revoked.id }, cookie: cookies.publisher })).status).toBe(404);
    expect((await call('/studio/api/previews/revoke', { body: { file: ABOUT, id: revoked.id }, cookie: cookies.publisher })).status).toBe(200);
    expect((await call('/studio/api/previews/revoke', { body: { file: ABOUT, id: revoked.id }, cookie: cookies.publisher })).status).toBe(404);
    expect(await listed()).not.toContain(revoked.id);
    expect((await stores.accounts.audit()).filter((e) => e.event === 'preview-revoked').map((e) => [e.actor, e.detail])).toEqual([['pat@example.com', `link ${revoked.id}, until ${revoked.expiresAt}`]]);

    const expiring = await share();
    clock += PREVIEW_LIFETIME_MS;
    const unknown = `/studio/preview/${'A'.repeat(43)}`;
    const answers = [];
    for (const gone of [revoked.path, expiring.path, unknown, '/studio/preview/short', '/studio/preview/'])
      for (const part of ['', '/page', '/frame']) {
        const res = await call(gone + part);
        answers.push({ status: res.status, type: res.headers.get('content-type'), robots: res.headers.get('x-robots-tag'), cookie: res.headers.get('set-cookie'), text: await res.text() });
      }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 404, type: 'text/plain; charset=utf-8', robots: 'noindex, nofollow', cookie: null });
    expect(answers[0]!.text).toMatch(/^This preview link does not work\. It may have expired or been revoked/);
    expect(await listed()).toEqual([]);
    // Making a link forgets those that stopped working (the audit log keeps their story).
    const fresh = await share();
    expect((await stores.previews.ofFile(ABOUT)).map((l) => l.id)).toEqual([fresh.id]);
    clock -= PREVIEW_LIFETIME_MS;
  });

  it("reaches nothing but its page: not the API, another page, the editor or the editor's files; the frame's files and the site's pictures only", async () => {
    const link = await share();
    const cookie = (await call(link.path)).headers.get('set-cookie')!.split(';')[0]!;
    const statuses = async (paths: string[]) => Promise.all(paths.map(async (p) => (await call(p, { cookie })).status));
    expect(await statuses(['/studio/api/me', `/studio/api/previews?file=${ABOUT}`, '/studio/edit/assets/editor-only.js', '/studio/audit'])).toEqual([401, 401, 401, 303]);
    expect(await statuses(['/studio/edit', '/studio/edit/preview'])).toEqual([303, 303]);
    expect(await statuses([`${link.path}/page/../pages`, `${link.path}/other`, `${link.path}/page/contact`])).toEqual([404, 404, 404]);
    // Asking for another page by name changes nothing: the link names its page.
    expect(((await (await call(`${link.path}/page?file=pages/contact.json`)).json()) as { path: string }).path).toBe('/about');
    const write = await call('/studio/api/previews', { body: { file: ABOUT }, cookie });
    expect(write.status).toBe(401);
    expect(await statuses(['/studio/edit/assets/studio-entry.js', '/studio/edit/assets/frame.js', '/studio/edit/assets/page-hero.js', '/studio/edit/assets/studio.css', '/images/our-story.jpg'])).toEqual([200, 200, 200, 200, 200]);
    expect((await call('/images/our-story.jpg')).status).toBe(401);
    expect((await call('/studio/edit/assets/frame.js')).status).toBe(401);
    await call('/studio/api/previews/revoke', { body: { file: ABOUT, id: link.id }, cookie: cookies.author });
    expect(await statuses(['/studio/edit/assets/frame.js', '/images/our-story.jpg'])).toEqual([401, 401]);
  });
});
