// @vitest-environment node
/** Who else has a page open in the studio: heard from every few seconds, forgotten after half a minute. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFileDraftStore, type DraftStore } from '../../server/studio/draft-store.ts';
import { createPresenceApi, PRESENCE_MS } from '../../server/studio/presence.ts';
import type { SignedIn } from '../../server/studio/sessions.ts';
import { versionOf } from '../../scripts/editor/content-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const liveVersion = async (file: string) => versionOf(await readFile(path.join(root, file), 'utf8'));

let dataDir: string;
let drafts: DraftStore;
let clock = Date.UTC(2026, 10, 27, 9);

const person = (email: string, name: string) => ({ user: { email, name, role: 'author' }, session: {} }) as unknown as SignedIn;
const ANA = person('ana@example.com', 'Ana Lima');
const PAT = person('pat@example.com', 'Pat Okafor');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'studio-presence-'));
  drafts = createFileDraftStore(dataDir);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('tells each editor who else has the page open, whose draft is kept and the live version, forgets one not heard from for 30 s, and refuses a file outside pages/', async () => {
  const route = createPresenceApi({ root, drafts, now: () => clock }).writes['/studio/api/presence']!;
  const say = (who: SignedIn, file: string) => route.run({ who, address: '127.0.0.1', query: new URLSearchParams(), body: { file } });
  expect(route.action).toBe('edit');
  const about = await liveVersion('pages/about.json');
  expect((await say(ANA, 'pages/about.json')).body).toEqual({ others: [], draft: null, live: about });
  await drafts.save({ file: 'pages/about.json', value: {}, base: null, savedBy: { email: ANA.user.email, name: ANA.user.name }, savedAt: '2026-11-27T09:00:00.000Z' });
  clock += 5_000;
  expect((await say(PAT, 'pages/about.json')).body).toEqual({ others: ['Ana Lima'], draft: { by: 'Ana Lima', at: '2026-11-27T09:00:00.000Z' }, live: about });
  expect((await say(PAT, 'pages/contact.json')).body).toEqual({ others: [], draft: null, live: await liveVersion('pages/contact.json') });
  clock += PRESENCE_MS;
  // Ana has not been heard from for 35 s: she closed the page.
  expect((await say(PAT, 'pages/about.json')).body).toMatchObject({ others: [] });
  expect((await say(ANA, 'pages/about.json')).body).toMatchObject({ others: ['Pat Okafor'] });
  await expect(say(ANA, '../server/main.ts')).rejects.toThrow();
  await expect(route.run({ who: ANA, address: '127.0.0.1', query: new URLSearchParams(), body: {} })).rejects.toThrow('Say which page');
});
