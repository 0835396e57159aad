// @vitest-environment node
/**
 * The studio's content actions over real HTTP, on a copy of the site made a git repository: drafts kept on the
 * server and seen from another session, history and restore, and every refusal (no session, the wrong role,
 * another Origin, a file outside pages/, a signed-out cookie, a draft the live page overtook) writing nothing.
 * Publishing itself, with its build, is tested in tests/browser/studio-publish.test.ts.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/logger.ts';
import type { AccountStore } from '../../server/studio/account-store.ts';
import { readSchemaFiles } from '../../server/studio/checkout-build.ts';
import { createFileDraftStore } from '../../server/studio/draft-store.ts';
import { createFilePreviewLinkStore } from '../../server/studio/preview-link-store.ts';
import { may } from '../../server/studio/roles.ts';
import { createFileScheduleStore } from '../../server/studio/schedule-store.ts';
import { createFileReviewStore } from '../../server/studio/review-store.ts';
import { reviewNotices } from '../../server/studio/review-notices.ts';
import { studioActions } from '../../server/studio/studio-actions.ts';
import { gitCheckout } from '../../server/studio/git-checkout.ts';
import { createPublisher } from '../../server/studio/publisher.ts';
import { close } from './fixtures/listen.ts';
import { createStudioSite, serveStudio, STUDIO_PASSWORD, studioCall, type StudioRequest, type StudioSite } from './fixtures/studio-site.ts';

const PASSWORD = STUDIO_PASSWORD;
let dir: string;
let dataDir: string;
let server: http.Server;
let base: string;
let cookies: Record<'author' | 'publisher', string> = { author: '', publisher: '' };

let git: StudioSite['git'];
let actions: ReturnType<typeof studioActions>;
const call = (route: string, init: StudioRequest = {}) => studioCall(base, route, init);
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
const draftFiles = async () => (await readdir(path.join(dataDir, 'studio', 'drafts')).catch(() => [] as string[])).sort();
const about = async () => JSON.parse(await readFile(path.join(dir, 'pages/about.json'), 'utf8')) as { title: string };

beforeAll(async () => {
  let store: AccountStore;
  // Its own public/: a refused upload must write nothing there, and one let through must not reach the project's.
  ({ dir, dataDir, store, git } = await createStudioSite({ ownPublic: true }));
  const checkout = gitCheckout(dir);
  // Publishing is refused before it builds in every test here; a build that is reached fails the test.
  const publisher = createPublisher({ root: dir, git: checkout, build: () => Promise.reject(new Error('no publish reaches the build in these tests')), schemaFiles: () => readSchemaFiles(dir) });
  const stores = { accounts: store, drafts: createFileDraftStore(dataDir), previews: createFilePreviewLinkStore(dataDir), schedules: createFileScheduleStore(dataDir), reviews: createFileReviewStore(dataDir) };
  // Every action the studio serves, as main.ts composes them.
  actions = studioActions({
    root: dir,
    stores,
    publisher,
    git: checkout,
    validator: async () => undefined,
    secure: false,
    log: silentLogger,
    notices: reviewNotices({ root: dir, transport: undefined, from: 'studio@example.com', studioOrigin: () => base, log: silentLogger }),
  });
  ({ server, base, cookies } = await serveStudio(store, { content: actions.content, previews: actions.previews }));
}, 60_000);

afterAll(async () => {
  if (server) await close(server);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('drafts on the server', () => {
  it("keeps an author's draft on the server: the page list names who and when, another session reads it, the live file is untouched", async () => {
    const live = await readFile(path.join(dir, 'pages/about.json'), 'utf8');
    const { version } = (await json(await call('/studio/api/file?file=pages/about.json', { cookie: cookies.author }))).body as { version: string };
    const value = { ...(await about()), title: 'About us, in a draft of the studio' };
    const saved = await json(await call('/studio/api/draft', { cookie: cookies.author, body: { file: 'pages/about.json', value, base: version } }));
    expect(saved).toMatchObject({ status: 200, body: { issues: [] } });

    const pages = (await json(await call('/studio/api/pages', { cookie: cookies.publisher }))).body as { pages: Array<{ page: string; paths: string[]; draft: { by: string } | null }> };
    expect(pages.pages.find((p) => p.page === 'about')).toMatchObject({ paths: ['/about'], draft: { by: 'Ana Lima' } });
    expect(pages.pages.filter((p) => p.draft !== null).map((p) => p.page)).toEqual(['about']);
    const read = (await json(await call('/studio/api/file?file=pages/about.json', { cookie: cookies.publisher }))).body as { draft: { value: unknown; base: string } };
    expect(read.draft).toMatchObject({ value, base: version });
    expect(await readFile(path.join(dir, 'pages/about.json'), 'utf8')).toBe(live);
  });

  it('reports the content check of a draft, and keeps the draft anyway (a draft may be unfinished)', async () => {
    const value = { ...(await about()), title: 'Short' };
    const saved = await json(await call('/studio/api/draft', { cookie: cookies.author, body: { file: 'pages/about.json', value, base: null } }));
    expect(saved.status).toBe(200);
    expect((saved.body.issues as Array<{ rule: string; severity: string }>).map((i) => `${i.severity} ${i.rule}`)).toContain('error schema');
    await call('/studio/api/discard', { cookie: cookies.author, body: { file: 'pages/about.json' } });
    expect(await draftFiles()).toEqual([]);
  });
});

describe('refusals, each writing nothing', () => {
  it('refuses a file outside pages.json and pages/, without a session, from another site, or with a signed-out cookie', async () => {
    const value = await about();
    const cases: Array<[string, Parameters<typeof call>[1], number]> = [
      ['a path out of the project', { cookie: cookies.author, body: { file: '../package.json', value, base: null } }, 400],
      ['a page name with a folder', { cookie: cookies.author, body: { file: 'pages/../pages.json', value, base: null } }, 400],
      ['an absolute path', { cookie: cookies.author, body: { file: '/etc/passwd', value, base: null } }, 400],
      ['no session', { body: { file: 'pages/about.json', value, base: null } }, 401],
      ['another site', { cookie: cookies.author, origin: 'https://evil.example', body: { file: 'pages/about.json', value, base: null } }, 403],
      ['a document that is no object', { cookie: cookies.author, body: { file: 'pages/about.json', value: [], base: null } }, 400],
    ];
    for (const [what, init, status] of cases) expect([what, (await call('/studio/api/draft', init)).status]).toEqual([what, status]);
    expect((await call('/studio/api/file?file=../.data/studio/users.json', { cookie: cookies.author })).status).toBe(400);

    const res = await call('/studio/api/sign-in', { body: { email: 'ana@example.com', password: PASSWORD } });
    const stolen = res.headers.get('set-cookie')!.split(';')[0]!;
    await call('/studio/api/sign-out', { cookie: stolen, body: {} });
    expect((await call('/studio/api/draft', { cookie: stolen, body: { file: 'pages/about.json', value, base: null } })).status).toBe(401);
    expect(await draftFiles()).toEqual([]);
  });

  it("refuses an author's publish, restore and new page; a publisher's publish of a draft the live page overtook", async () => {
    const head = await git('rev-parse', 'HEAD');
    const { version } = (await json(await call('/studio/api/file?file=pages/about.json', { cookie: cookies.author }))).body as { version: string };
    const value = { ...(await about()), title: 'About us, overtaken by another change' };
    await call('/studio/api/draft', { cookie: cookies.author, body: { file: 'pages/about.json', value, base: version } });

    expect(await json(await call('/studio/api/publish', { cookie: cookies.author, body: { files: ['pages/about.json'] } }))).toEqual({
      status: 403,
      body: { message: 'Refused: as author you may not do this. Ask an admin if you need to.' },
    });
    expect((await call('/studio/api/restore', { cookie: cookies.author, body: { file: 'pages/about.json', commit: head.trim() } })).status).toBe(403);
    expect((await call('/studio/api/draft', { cookie: cookies.author, body: { file: 'pages/partners.json', value, base: null } })).status).toBe(403);

    const live = await readFile(path.join(dir, 'pages/about.json'), 'utf8');
    await writeFile(path.join(dir, 'pages/about.json'), live.replace('"title": "', '"title": "Changed: '));
    const overtaken = await json(await call('/studio/api/publish', { cookie: cookies.publisher, body: { files: ['pages/about.json'] } }));
    expect(overtaken).toEqual({ status: 409, body: { message: expect.stringMatching(/^pages\/about\.json was published by someone else since this draft was started\./) } });
    await writeFile(path.join(dir, 'pages/about.json'), live);
    expect(await git('status', '--porcelain')).toBe('');
    expect((await git('rev-parse', 'HEAD')).trim()).toBe(head.trim());
    await call('/studio/api/discard', { cookie: cookies.author, body: { file: 'pages/about.json' } });
  });
});

describe('every write, replayed as an attacker would', () => {
  it('refuses each one without a session, from another Origin, with a signed-out cookie, and with too low a role, writing nothing', async () => {
    const head = (await git('rev-parse', 'HEAD')).trim();
    const value = await about();
    // A real draft to aim the discard, publish and restore at; it must survive every refused request.
    const { version } = (await json(await call('/studio/api/file?file=pages/about.json', { cookie: cookies.author }))).body as { version: string };
    await call('/studio/api/draft', { cookie: cookies.author, body: { file: 'pages/about.json', value: { ...value, title: 'About us, a draft under attack' }, base: version } });
    const drafted = await readFile(path.join(dataDir, 'studio', 'drafts', 'pages--about.json'), 'utf8');
    const live = await readFile(path.join(dir, 'pages/about.json'), 'utf8');

    const res = await call('/studio/api/sign-in', { body: { email: 'pat@example.com', password: PASSWORD } });
    const signedOut = res.headers.get('set-cookie')!.split(';')[0]!;
    await call('/studio/api/sign-out', { cookie: signedOut, body: {} });

    // A body each write would act on; every write the studio serves has one, or this test fails.
    const bodies: Record<string, unknown> = {
      '/studio/api/draft': { file: 'pages/about.json', value: { ...value, title: 'About us, written by an attacker' }, base: version, draftOf: null },
      '/studio/api/check': { changes: [{ file: 'pages/about.json', value, base: version }] },
      '/studio/api/discard': { file: 'pages/about.json' },
      '/studio/api/publish': { files: ['pages/about.json'] },
      '/studio/api/restore': { file: 'pages/about.json', commit: head },
      '/studio/api/picture': { name: 'office.jpg', data: Buffer.from('not checked before the session').toString('base64') },
      '/studio/api/schedule': { file: 'pages/about.json', at: new Date(Date.now() + 3_600_000).toISOString() },
      '/studio/api/unschedule': { file: 'pages/about.json' },
      '/studio/api/presence': { file: 'pages/about.json' },
      '/studio/api/previews': { file: 'pages/about.json' },
      '/studio/api/previews/revoke': { file: 'pages/about.json', id: 'abcdefgh' },
      '/studio/api/review/request': { file: 'pages/about.json', note: 'Please look' },
      '/studio/api/review/send-back': { file: 'pages/about.json', comment: 'Sent back by an attacker' },
    };
    const writes = Object.entries({ ...actions.content.writes, ...actions.previews.api.writes });
    expect(writes.map(([route]) => route).sort()).toEqual(Object.keys(bodies).sort());
    const images = await readdir(path.join(dir, 'public', 'images'));
    for (const [route, { action }] of writes) {
      const body = bodies[route];
      const attempts: Array<[string, Parameters<typeof call>[1], number]> = [
        ['no session', { body }, 401],
        ['another Origin', { cookie: cookies.publisher, origin: 'https://evil.example', body }, 403],
        ['a signed-out cookie', { cookie: signedOut, body }, 401],
      ];
      if (!may('author', action)) attempts.push(['an author', { cookie: cookies.author, body }, 403]);
      for (const [who, init, status] of attempts) expect([route, who, (await call(route, init)).status]).toEqual([route, who, status]);
    }
    expect(await readdir(path.join(dir, 'public', 'images'))).toEqual(images);
    const untouched = ['schedules.json', 'preview-links.json', 'reviews.json'];
    expect(await Promise.all(untouched.map((name) => stat(path.join(dataDir, 'studio', name)).catch(() => 'none')))).toEqual(['none', 'none', 'none']);
    expect(await readFile(path.join(dataDir, 'studio', 'drafts', 'pages--about.json'), 'utf8')).toBe(drafted);
    expect(await readFile(path.join(dir, 'pages/about.json'), 'utf8')).toBe(live);
    expect([(await git('rev-parse', 'HEAD')).trim(), await git('status', '--porcelain')]).toEqual([head, '']);
    await call('/studio/api/discard', { cookie: cookies.author, body: { file: 'pages/about.json' } });
  });
});

describe('history', () => {
  it('lists the versions of a page with who and when, shows one, and restores it as a draft', async () => {
    const original = await readFile(path.join(dir, 'pages/about.json'), 'utf8');
    await writeFile(path.join(dir, 'pages/about.json'), original.replace('"title": "', '"title": "Later: '));
    await git('-c', 'user.name=Ana Lima', '-c', 'user.email=ana@example.com', 'commit', '--quiet', '-am', 'About: Title');
    const { versions } = (await json(await call('/studio/api/history?file=pages/about.json', { cookie: cookies.author }))).body as { versions: Array<{ commit: string; author: string; subject: string }> };
    expect(versions.map((v) => `${v.author}: ${v.subject}`)).toEqual(['Ana Lima: About: Title', 'Dev: The site as it is']);
    const old = versions[1]!.commit;
    expect((await json(await call(`/studio/api/version?file=pages/about.json&commit=${old}`, { cookie: cookies.author }))).body).toEqual({ text: original });
    expect((await call('/studio/api/version?file=pages/about.json&commit=HEAD~1;rm', { cookie: cookies.author })).status).toBe(400);

    const restored = await json(await call('/studio/api/restore', { cookie: cookies.publisher, body: { file: 'pages/about.json', commit: old } }));
    expect(restored.status).toBe(200);
    const { draft } = (await json(await call('/studio/api/file?file=pages/about.json', { cookie: cookies.author }))).body as { draft: { value: unknown; savedBy: { name: string } } };
    expect(draft).toMatchObject({ value: JSON.parse(original), savedBy: { name: 'Pat Okafor' } });
    const audit = (await readFile(path.join(dataDir, 'studio', 'audit.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; actor: string; subject?: string; detail?: string });
    expect(audit.at(-1)).toMatchObject({ event: 'restored', actor: 'pat@example.com', subject: 'pages/about.json', detail: old });
  });
});

describe('a draft the live page overtook', () => {
  it('is read with the text it was started from, so the editor can merge it with what was published since', async () => {
    await call('/studio/api/discard', { cookie: cookies.publisher, body: { file: 'pages/contact.json' } });
    const started = (await json(await call('/studio/api/file?file=pages/contact.json', { cookie: cookies.author }))).body as { text: string; version: string };
    const value = { ...(JSON.parse(started.text) as object), title: 'Contact us: a draft started before a publish' };
    expect((await call('/studio/api/draft', { cookie: cookies.author, body: { file: 'pages/contact.json', value, base: started.version } })).status).toBe(200);
    const current = (await json(await call('/studio/api/file?file=pages/contact.json', { cookie: cookies.author }))).body;
    expect(current).not.toHaveProperty('draftBaseText');

    // A colleague's publish (or a pull into the checkout) changes the live page under the draft.
    await writeFile(path.join(dir, 'pages/contact.json'), started.text.replace('"title": "', '"title": "Published meanwhile: '));
    await git('-c', 'user.name=Pat Okafor', '-c', 'user.email=pat@example.com', 'commit', '--quiet', '-am', 'Contact: Title');
    const behind = (await json(await call('/studio/api/file?file=pages/contact.json', { cookie: cookies.author }))).body as { version: string; draft: { base: string }; draftBaseText: string };
    expect(behind.version).not.toBe(started.version);
    expect(behind.draft.base).toBe(started.version);
    expect(behind.draftBaseText).toBe(started.text);
    await call('/studio/api/discard', { cookie: cookies.author, body: { file: 'pages/contact.json' } });
  });
});

describe('two people saving one page', () => {
  it('refuses a save made from an older draft than the one kept, answering the kept one to merge with, and writes nothing', async () => {
    const page = 'pages/careers.json';
    await call('/studio/api/discard', { cookie: cookies.publisher, body: { file: page } });
    const live = (await json(await call(`/studio/api/file?file=${page}`, { cookie: cookies.author }))).body as { text: string; version: string };
    const doc = JSON.parse(live.text) as { title: string };
    const first = await json(await call('/studio/api/draft', { cookie: cookies.author, body: { file: page, value: { ...doc, title: `${doc.title}: Ana's` }, base: live.version, draftOf: null } }));
    expect(first.status).toBe(200);

    // Pat opened the page before Ana saved: his save names no draft, and one is kept now.
    const second = await json(await call('/studio/api/draft', { cookie: cookies.publisher, body: { file: page, value: { ...doc, title: `${doc.title}: Pat's` }, base: live.version, draftOf: null } }));
    expect(second).toMatchObject({ status: 409, body: { message: 'Ana Lima saved this page since you opened it.', current: { version: live.version, draft: { savedAt: first.body.savedAt, value: { title: `${doc.title}: Ana's` } } } } });
    const kept = (await json(await call(`/studio/api/file?file=${page}`, { cookie: cookies.publisher }))).body as { draft: { savedBy: { name: string } } };
    expect(kept.draft.savedBy.name).toBe('Ana Lima');

    // Merged with Ana's, from her draft: taken.
    const merged = await json(await call('/studio/api/draft', { cookie: cookies.publisher, body: { file: page, value: { ...doc, title: `${doc.title}: both` }, base: live.version, draftOf: first.body.savedAt } }));
    expect(merged.status).toBe(200);
    const discarded = await call('/studio/api/discard', { cookie: cookies.publisher, body: { file: page } });
    expect(discarded.status).toBe(200);
    // A draft gone (discarded, published) since the edits started is said too.
    const gone = await json(await call('/studio/api/draft', { cookie: cookies.author, body: { file: page, value: doc, base: live.version, draftOf: merged.body.savedAt } }));
    expect(gone).toMatchObject({ status: 409, body: { current: { text: live.text, draft: null } } });
    expect(await draftFiles()).not.toContain('pages--careers.json');
  });
});
