// @vitest-environment node
/**
 * Scheduled publishing over real HTTP, on a copy of the site made a git repository: a publisher schedules a saved
 * draft, moves and cancels it, and everyone signed in reads it; every refusal (no session, an author, another
 * Origin, a time passed, a bad body, no draft) writes nothing. Then the scheduler at the due time, with a draft
 * that fails the content check: nothing is published, and the reason is kept for the publishers, with its line.
 * (A schedule that goes live, across a studio restart, is tests/browser/studio-schedule.test.ts.)
 */
import { readFile, rm } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/logger.ts';
import type { AccountStore } from '../../server/studio/account-store.ts';
import { readSchemaFiles } from '../../server/studio/checkout-build.ts';
import { createContentApi } from '../../server/studio/content-api.ts';
import { createFileDraftStore } from '../../server/studio/draft-store.ts';
import { gitCheckout } from '../../server/studio/git-checkout.ts';
import { createPublisher } from '../../server/studio/publisher.ts';
import { createScheduleApi } from '../../server/studio/schedule-api.ts';
import { createFileScheduleStore } from '../../server/studio/schedule-store.ts';
import { createScheduler } from '../../server/studio/scheduler.ts';
import { close } from './fixtures/listen.ts';
import { createStudioSite, serveStudio, studioCall, type StudioRequest, type StudioSite } from './fixtures/studio-site.ts';

const HOUR = 3_600_000;
let dir: string;
let dataDir: string;
let server: http.Server;
let base: string;
let clock = Date.now();
let scheduler: ReturnType<typeof createScheduler>;
let cookies: Record<'author' | 'publisher', string> = { author: '', publisher: '' };

let git: StudioSite['git'];
const call = (route: string, init: StudioRequest = {}) => studioCall(base, route, init);
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string } });
const schedulesFile = () => readFile(path.join(dataDir, 'studio', 'schedules.json'), 'utf8').catch(() => undefined);
const auditEvents = async () =>
  (await readFile(path.join(dataDir, 'studio', 'audit.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { event: string; actor: string; detail?: string });
const about = () => readFile(path.join(dir, 'pages/about.json'), 'utf8');
const inAnHour = () => new Date(clock + HOUR).toISOString();

async function saveDraft(change: (doc: { title: string }) => object) {
  const { version, text } = (await json(await call('/studio/api/file?file=pages/about.json', { cookie: cookies.publisher }))).body as { version: string; text: string };
  const res = await call('/studio/api/draft', { cookie: cookies.publisher, body: { file: 'pages/about.json', value: change(JSON.parse(text) as { title: string }), base: version } });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  let store: AccountStore;
  ({ dir, dataDir, store, git } = await createStudioSite());
  const checkout = gitCheckout(dir);
  const drafts = createFileDraftStore(dataDir);
  const schedules = createFileScheduleStore(dataDir);
  const now = () => clock;
  // Every publish here fails its content check, before the build; a build that is reached fails the test.
  const publisher = createPublisher({ root: dir, git: checkout, build: () => Promise.reject(new Error('no publish reaches the build in these tests')), schemaFiles: () => readSchemaFiles(dir) });
  const pages = createContentApi({ root: dir, drafts, publisher, git: checkout, store, validator: async () => undefined, schedules });
  const scheduled = createScheduleApi({ root: dir, drafts, schedules, store, now });
  scheduler = createScheduler({ root: dir, schedules, drafts, publisher, store, log: silentLogger, now });
  ({ server, base, cookies } = await serveStudio(store, { content: { reads: { ...pages.reads, ...scheduled.reads }, writes: { ...pages.writes, ...scheduled.writes } } }));
}, 60_000);

afterAll(async () => {
  if (server) await close(server);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('scheduling a publish', () => {
  it('refuses without a session, an author, another Origin, a time passed or too far, a bad body, no draft: nothing written', async () => {
    const body = { file: 'pages/about.json', at: inAnHour() };
    const refusals = [
      [await call('/studio/api/schedule', { body }), 401],
      [await call('/studio/api/schedule', { body, cookie: cookies.author }), 403],
      [await call('/studio/api/unschedule', { body, cookie: cookies.author }), 403],
      [await call('/studio/api/schedule', { body, cookie: cookies.publisher, origin: 'https://evil.example' }), 403],
      [await call('/studio/api/schedule', { body, cookie: cookies.publisher, type: 'text/plain' }), 415],
      [await call('/studio/api/schedule', { body: { ...body, at: new Date(clock - 60_000).toISOString() }, cookie: cookies.publisher }), 400],
      [await call('/studio/api/schedule', { body: { ...body, at: new Date(clock + 400 * 24 * HOUR).toISOString() }, cookie: cookies.publisher }), 400],
      [await call('/studio/api/schedule', { body: { ...body, at: 'Monday 9:00' }, cookie: cookies.publisher }), 400],
      [await call('/studio/api/schedule', { body: { ...body, file: '../server/main.ts' }, cookie: cookies.publisher }), 400],
      [await call('/studio/api/schedule', { body, cookie: cookies.publisher }), 409],
    ] as const;
    expect(refusals.map(([res]) => res.status)).toEqual(refusals.map(([, status]) => status));
    expect((await json(refusals[5][0])).body.message).toBe('Refused: that time has passed. Choose a time in the future.');
    expect((await json(refusals[9][0])).body.message).toBe('There is no saved draft of pages/about.json to schedule. Save your edits first, then schedule.');
    expect(await schedulesFile()).toBeUndefined();
    expect((await auditEvents()).filter((e) => /schedule/.test(e.event))).toEqual([]);
  });

  it('lets a publisher schedule a saved draft, move it and cancel it; everyone signed in reads it, and each step is audited', async () => {
    await saveDraft((doc) => ({ ...doc, title: `${doc.title}, scheduled` }));
    const first = inAnHour();
    const made = await json(await call('/studio/api/schedule', { cookie: cookies.publisher, body: { file: 'pages/about.json', at: first } }));
    expect(made).toMatchObject({ status: 200, body: { schedule: { file: 'pages/about.json', files: ['pages/about.json'], at: first, by: 'Pat Okafor', state: 'waiting' } } });
    const moved = new Date(clock + 2 * HOUR).toISOString();
    expect((await call('/studio/api/schedule', { cookie: cookies.publisher, body: { file: 'pages/about.json', at: moved } })).status).toBe(200);
    const read = await json(await call('/studio/api/schedules', { cookie: cookies.author }));
    expect(read.body.schedules).toEqual([expect.objectContaining({ file: 'pages/about.json', at: moved, by: 'Pat Okafor' })]);
    expect(JSON.stringify(read.body)).not.toContain('pat@example.com');
    expect((await call('/studio/api/schedules')).status).toBe(401);

    expect((await json(await call('/studio/api/unschedule', { cookie: cookies.publisher, body: { file: 'pages/about.json' } }))).body.message).toBe('The scheduled publish is cancelled; the draft stays.');
    expect((await call('/studio/api/unschedule', { cookie: cookies.publisher, body: { file: 'pages/about.json' } })).status).toBe(404);
    expect((await auditEvents()).filter((e) => /schedule/.test(e.event)).map((e) => `${e.event} ${e.actor}`)).toEqual(['publish-scheduled pat@example.com', 'schedule-changed pat@example.com', 'schedule-cancelled pat@example.com']);
  });
});

describe('a schedule whose draft goes', () => {
  it('ends when the draft is discarded (it would find nothing at its time), and the audit log says why', async () => {
    await saveDraft((doc) => ({ ...doc, title: `${doc.title}, to be discarded` }));
    const at = inAnHour();
    expect((await call('/studio/api/schedule', { cookie: cookies.publisher, body: { file: 'pages/about.json', at } })).status).toBe(200);
    expect((await call('/studio/api/discard', { cookie: cookies.author, body: { file: 'pages/about.json' } })).status).toBe(200);
    expect((await json(await call('/studio/api/schedules', { cookie: cookies.author }))).body.schedules).toEqual([]);
    expect((await auditEvents()).at(-1)).toMatchObject({ event: 'schedule-cancelled', actor: 'ana@example.com', subject: 'pages/about.json', detail: `was at ${at}; the draft was discarded` });
  });
});

describe('the scheduler at the due time', () => {
  it('publishes nothing when the content check fails, and keeps the reason with its line for the publishers until dismissed', async () => {
    const live = await about();
    const head = await git('rev-parse', 'HEAD');
    await saveDraft((doc) => ({ ...doc, title: 'Short' }));
    const at = inAnHour();
    expect((await call('/studio/api/schedule', { cookie: cookies.publisher, body: { file: 'pages/about.json', at } })).status).toBe(200);
    await scheduler.runDue();
    expect((await json(await call('/studio/api/schedules', { cookie: cookies.publisher }))).body.schedules).toEqual([expect.objectContaining({ state: 'waiting' })]);

    clock += HOUR + 1000;
    await scheduler.runDue();
    const [schedule] = (await json(await call('/studio/api/schedules', { cookie: cookies.publisher }))).body.schedules as Array<{ state: string; outcome: string }>;
    expect(schedule).toMatchObject({ state: 'failed' });
    expect(schedule!.outcome).toMatch(/^Not published: 1 error to fix first\. The live site is unchanged\. pages\/about\.json:\d+:\d+ .*title.*\. Open the page, fix it, save, and schedule again\.$/);
    expect([await about(), await git('rev-parse', 'HEAD'), await git('status', '--porcelain')]).toEqual([live, head, '']);
    expect((await auditEvents()).at(-1)).toMatchObject({ event: 'schedule-failed', actor: 'pat@example.com', detail: schedule!.outcome });
    // The draft stays to be fixed; the failure stays until a publisher dismisses it.
    expect((await call('/studio/api/file?file=pages/about.json', { cookie: cookies.publisher }).then(json)).body.draft).toBeTruthy();
    await scheduler.runDue();
    expect(((await json(await call('/studio/api/schedules', { cookie: cookies.publisher }))).body.schedules as unknown[]).length).toBe(1);
    expect((await json(await call('/studio/api/unschedule', { cookie: cookies.publisher, body: { file: 'pages/about.json' } }))).body.message).toBe('Dismissed.');
  });
});
