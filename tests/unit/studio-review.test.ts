// @vitest-environment node
/**
 * Review before publishing over real HTTP, with a real SMTP server for the mails: an author asks for a review of
 * her draft, the publisher is told (the studio's list and a mail), sends it back with a comment, she fixes it and
 * asks again, and his approval publishes exactly the draft he read, in a commit that is his and names her. Every
 * step is audited; a discarded draft ends its review. (Each refusal of an attacker: studio-content.test.ts.)
 */
import { readFile, rm } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../../server/logger.ts';
import { createMailTransport, type MailTransport } from '../../server/mail/mail-transport.ts';
import { readSchemaFiles } from '../../server/studio/checkout-build.ts';
import { gitCheckout } from '../../server/studio/git-checkout.ts';
import { createPublisher } from '../../server/studio/publisher.ts';
import { reviewNotices } from '../../server/studio/review-notices.ts';
import { studioActions } from '../../server/studio/studio-actions.ts';
import { close } from './fixtures/listen.ts';
import { openStudioStores } from '../../server/studio/open-studio-stores.ts';
import { startSmtpSink, type SmtpSink } from './fixtures/smtp-sink.ts';
import { createStudioSite, serveStudio, studioCall, type StudioRequest, type StudioSite } from './fixtures/studio-site.ts';

let site: StudioSite;
let server: http.Server;
let base: string;
let sink: SmtpSink;
let transport: MailTransport;
let actions: ReturnType<typeof studioActions>;
/** The studio's clock, standing still (two saves in one millisecond are two drafts all the same) until a schedule falls due. */
let clock = Date.now();
let cookies = { author: '', publisher: '' };
const FILE = 'pages/about.json';

const call = async (route: string, init: StudioRequest = {}) => {
  const res = await studioCall(base, route, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
/** A message's text as written (nodemailer sends it quoted-printable). */
const textOf = (body: string) => body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const mailTo = async (to: string, count: number) => {
  for (let i = 0; i < 100 && sink.messages.filter((m) => m.to.includes(to)).length < count; i++) await new Promise((r) => setTimeout(r, 50));
  return sink.messages.filter((m) => m.to.includes(to));
};
const audit = async () =>
  (await readFile(path.join(site.dataDir, 'studio', 'audit.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { event: string; actor: string; subject?: string; detail?: string })
    .filter((e) => e.event.startsWith('review') || e.event === 'published');

async function saveDraft(cookie: string, title: string, draftOf?: string | null) {
  const read = await call(`/studio/api/file?file=${FILE}`, { cookie });
  const { text, version, draft } = read.body as { text: string; version: string; draft: { value: object; savedAt: string } | null };
  const value = { ...(draft?.value ?? (JSON.parse(text) as object)), title };
  return (await call('/studio/api/draft', { cookie, body: { file: FILE, value, base: version, draftOf: draftOf === undefined ? (draft?.savedAt ?? null) : draftOf } })).body as { savedAt: string };
}

beforeAll(async () => {
  site = await createStudioSite();
  const { store } = site;
  sink = await startSmtpSink();
  transport = createMailTransport(`smtp://127.0.0.1:${sink.port}`, path.join(site.dataDir, 'mail'));
  const git = gitCheckout(site.dir);
  // The build is tested with the studio's publish elsewhere; here the commit is what matters.
  const publisher = createPublisher({ root: site.dir, git, build: async () => undefined, schemaFiles: () => readSchemaFiles(site.dir) });
  const { dataDir } = site;
  const stores = { ...openStudioStores({ dataDir, databaseUrl: undefined }, silentLogger), accounts: store };
  const notices = reviewNotices({ root: site.dir, transport, from: 'studio@example.com', studioOrigin: () => base, log: silentLogger });
  actions = studioActions({ root: site.dir, stores, publisher, git, validator: async () => undefined, secure: false, log: silentLogger, notices, now: () => clock });
  ({ server, base, cookies } = await serveStudio(store, { content: actions.content, previews: actions.previews }));
}, 60_000);

afterAll(async () => {
  if (server) await close(server);
  transport?.close();
  await sink?.close();
  if (site) await rm(site.dir, { recursive: true, force: true });
});

it('goes from request to send-back to a fixed draft to approval, told by mail, and publishes the draft read, naming its author', async () => {
  const head = (await site.git('rev-parse', 'HEAD')).trim();
  expect(await call('/studio/api/review/request', { cookie: cookies.author, body: { file: FILE } })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^There is no saved draft of pages\/about\.json to review\./) } });
  await saveDraft(cookies.author, 'About us: outsourcing teams that ship');
  expect((await call('/studio/api/review/request', { cookie: cookies.author, body: { file: FILE, note: 'x'.repeat(1001) } })).status).toBe(400);

  const asked = await call('/studio/api/review/request', { cookie: cookies.author, body: { file: FILE, note: 'A sharper opening line for the launch.' } });
  expect(asked).toMatchObject({ status: 200, body: { message: 'Review requested. Publishers see it in the studio and by e-mail: Pat Okafor.', review: { state: 'requested', author: 'Ana Lima' } } });
  expect((await call('/studio/api/review/request', { cookie: cookies.author, body: { file: FILE } })).status).toBe(409);
  const [toPat] = await mailTo('pat@example.com', 1);
  expect(toPat!.headers.get('subject')).toEqual(['Review requested: About, by Ana Lima']);
  expect(textOf(toPat!.body)).toContain('A sharper opening line for the launch.');
  expect(textOf(toPat!.body)).toContain(`${base}/studio/edit?path=%2Fabout`);

  // The publisher's list, and the review screen's read: the draft as saved beside the live text.
  expect((await call('/studio/api/reviews', { cookie: cookies.publisher })).body.reviews).toEqual([expect.objectContaining({ file: FILE, state: 'requested', author: 'Ana Lima', note: 'A sharper opening line for the launch.' })]);
  const screen = (await call(`/studio/api/review?file=${FILE}`, { cookie: cookies.publisher })).body as { draft: { value: { title: string }; savedBy: string }; live: string };
  expect([screen.draft.value.title, screen.draft.savedBy, (JSON.parse(screen.live) as { title: string }).title]).toEqual(['About us: outsourcing teams that ship', 'Ana Lima', expect.not.stringContaining('outsourcing teams that ship')]);

  expect((await call('/studio/api/review/send-back', { cookie: cookies.publisher, body: { file: FILE, comment: '   ' } })).status).toBe(400);
  const back = await call('/studio/api/review/send-back', { cookie: cookies.publisher, body: { file: FILE, comment: 'Name the three sectors we serve in the title.' } });
  expect(back).toMatchObject({ status: 200, body: { review: { state: 'sent-back', reviewer: 'Pat Okafor', comment: 'Name the three sectors we serve in the title.' } } });
  expect((await call('/studio/api/review/send-back', { cookie: cookies.publisher, body: { file: FILE, comment: 'Again' } })).status).toBe(409);
  const [toAna] = await mailTo('ana@example.com', 1);
  expect([toAna!.headers.get('subject'), textOf(toAna!.body).includes('Name the three sectors we serve in the title.')]).toEqual([['Sent back: About'], true]);

  // Fixed and asked again; the publisher read this draft, then she saved once more: his approval is refused.
  const fixed = await saveDraft(cookies.author, 'About us: teams for retail, health and logistics');
  expect((await call('/studio/api/review/request', { cookie: cookies.author, body: { file: FILE } })).body.review).toMatchObject({ state: 'requested', comment: null, reviewer: null });
  const later = await saveDraft(cookies.author, 'About us: teams for retail, healthcare and logistics');
  expect(await call('/studio/api/publish', { cookie: cookies.publisher, body: { files: [FILE], reviewed: fixed.savedAt } })).toMatchObject({
    status: 409,
    body: { message: expect.stringMatching(/^Ana Lima saved pages\/about\.json again since you opened the review\./) },
  });
  expect((await site.git('rev-parse', 'HEAD')).trim()).toBe(head);

  const approved = await call('/studio/api/publish', { cookie: cookies.publisher, body: { files: [FILE], reviewed: later.savedAt } });
  expect(approved).toMatchObject({ status: 200, body: { kind: 'published' } });
  expect((await site.git('log', '-1', '--format=%an <%ae>%n%B')).trim()).toMatch(/^Pat Okafor <pat@example\.com>\n[\s\S]*Review requested by Ana Lima <ana@example\.com>; approved and published by Pat Okafor\.$/);
  expect((JSON.parse(await readFile(path.join(site.dir, FILE), 'utf8')) as { title: string }).title).toBe('About us: teams for retail, healthcare and logistics');
  expect((await call('/studio/api/reviews', { cookie: cookies.author })).body.reviews).toEqual([]);
  const [, published] = await mailTo('ana@example.com', 2);
  expect(published!.headers.get('subject')).toEqual(['Published: About']);
  expect((await audit()).map((e) => `${e.event} ${e.actor}`)).toEqual([
    'review-requested ana@example.com',
    'review-sent-back pat@example.com',
    'review-requested ana@example.com',
    'published pat@example.com',
    'review-approved pat@example.com',
  ]);
});

it('ends a review when its draft is discarded, and refuses a send-back of a page no one asked about', async () => {
  await saveDraft(cookies.author, 'About us: a draft that is dropped');
  expect((await call('/studio/api/review/request', { cookie: cookies.author, body: { file: FILE } })).status).toBe(200);
  await call('/studio/api/discard', { cookie: cookies.author, body: { file: FILE } });
  expect((await call('/studio/api/reviews', { cookie: cookies.publisher })).body.reviews).toEqual([]);
  expect((await audit()).at(-1)).toMatchObject({ event: 'review-withdrawn', actor: 'ana@example.com', subject: FILE });
  expect((await call('/studio/api/review/send-back', { cookie: cookies.publisher, body: { file: FILE, comment: 'Why?' } })).status).toBe(404);
});

it('ends with a scheduled publish of the draft under review, which names its author as a publish by hand does', async () => {
  await saveDraft(cookies.author, 'About us: a launch on Monday at nine');
  expect((await call('/studio/api/review/request', { cookie: cookies.author, body: { file: FILE } })).status).toBe(200);
  const at = new Date(clock + 3_600_000).toISOString();
  expect((await call('/studio/api/schedule', { cookie: cookies.publisher, body: { file: FILE, at } })).status).toBe(200);
  clock += 2 * 3_600_000;
  await actions.scheduler.runDue();
  expect((await site.git('log', '-1', '--format=%an%n%B')).trim()).toMatch(/^Pat Okafor\n[\s\S]*Review requested by Ana Lima <ana@example\.com>; approved and published by Pat Okafor\.$/);
  expect((await call('/studio/api/reviews', { cookie: cookies.author })).body.reviews).toEqual([]);
  expect((await audit()).at(-1)).toMatchObject({ event: 'review-approved', actor: 'pat@example.com', subject: FILE });
});
