// @vitest-environment node
/** The send-email endpoint's spam guard: a filled honeypot or a form sent too fast is accepted and dropped. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type http from 'node:http';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiHandler } from '../../server/api/router.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';
import { captureLog } from './fixtures/capture-log.ts';
import { close, listen } from './fixtures/listen.ts';

const log = captureLog();
let dataDir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'spam-guard-'));
  const api = createApiHandler({ enquiries: createFileStore(dataDir), siteId: 'alcyone', logger: log.logger });
  server = createServer((req, res) => void api(req, res, `198.51.100.${Math.floor(Math.random() * 250)}`));
  base = await listen(server);
});

afterAll(async () => {
  await close(server);
  await rm(dataDir, { recursive: true, force: true });
});

const valid = { fullname: 'Asha Kulkarni', email: 'asha@example.com', phone: '9876543210', looking_for: 'Healthcare & HealthTech', about_project: 'A patient support desk.', type: 'alcyone' };
async function send(extra: Record<string, string>): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...valid, ...extra })) form.append(name, value);
  return (await fetch(`${base}/api/send-email`, { method: 'POST', body: form })).json();
}
const stored = async () =>
  (await readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { about_project: string });

it.each([
  ['a filled honeypot', { website: 'https://spam.example', fill_ms: '9000', about_project: 'Filled in by a bot that found the honeypot.' }, 'honeypot filled'],
  ['a form sent within a second', { website: '', fill_ms: '800', about_project: 'Sent by a bot faster than anyone types.' }, 'sent 800 ms after the page opened'],
  ['an unreadable fill time', { website: '', fill_ms: 'soon', about_project: 'Sent with a fill time nobody can read.' }, 'sent an unreadable time after the page opened'],
])('answers %s with status true, stores nothing and logs it as dropped', async (_name, extra, reason) => {
  expect(await send(extra)).toEqual({ status: true });
  expect((await stored()).map((e) => e.about_project)).not.toContain(extra.about_project);
  expect(log.lines()).toContainEqual(expect.objectContaining({ msg: 'Enquiry dropped by the spam guard', reason }));
});

it('stores a form a person filled, and a request with neither field (another client of the API)', async () => {
  expect(await send({ website: '', fill_ms: '42000', about_project: 'by a person' })).toEqual({ status: true });
  expect(await send({ about_project: 'by another client' })).toEqual({ status: true });
  expect((await stored()).map((e) => e.about_project)).toEqual(expect.arrayContaining(['by a person', 'by another client']));
});
