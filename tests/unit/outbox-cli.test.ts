// @vitest-environment node
/** `npm run outbox`: the counts, the dead letters and why, and requeueing them. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queuedEntries } from '../../server/enquiries/delivery-log.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
const cli = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'server/outbox-cli.ts', '--data-dir', dataDir, ...args], { cwd: root, encoding: 'utf8' });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-cli-'));
  const entry = (id: string) => JSON.stringify({ id, receivedAt: '2026-11-24T10:00:00.000Z', fullname: 'A', email: `${id}@example.com`, phone: '', looking_for: '', about_project: 'x', type: 'alcyone' });
  await writeFile(path.join(dataDir, 'outbox.jsonl'), `${['a', 'b', 'c'].map(entry).join('\n')}\n{"id":"cut sh`);
  await writeFile(path.join(dataDir, 'deliveries.jsonl'), '{"id":"a","state":"delivered","at":"2026-11-24T10:00:01Z"}\n{"id":"b","state":"dead","at":"2026-11-24T10:00:02Z","reason":"550 Mailbox unavailable"}\n');
  await writeFile(path.join(dataDir, 'dead-letter.jsonl'), `${JSON.stringify({ ...JSON.parse(entry('b')), failedAt: '2026-11-24T10:00:02Z', reason: '550 Mailbox unavailable' })}\n`);
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('counts queued, delivered and dead letters, naming each dead one and why (a line cut short by a crash is skipped)', () => {
  const out = cli();
  expect(out).toContain(': 1 queued, 1 delivered, 1 dead letter.');
  expect(out).toContain('dead: b  received 2026-11-24T10:00:00.000Z  from b@example.com  — 550 Mailbox unavailable');
});

it('queues the dead letters again with --retry-dead', async () => {
  expect(cli('--retry-dead')).toContain('Queued 1 dead letter again');
  expect((await queuedEntries(dataDir)).map((e) => e.id).sort()).toEqual(['b', 'c']);
  expect(cli()).toContain(': 2 queued, 1 delivered, 0 dead letters.');
});

it('has --help and refuses unknown flags', () => {
  expect(cli('--help')).toContain('Usage: npm run outbox');
  const unknown = spawnSync(process.execPath, ['--import', 'tsx', 'server/outbox-cli.ts', '--retry'], { cwd: root, encoding: 'utf8' });
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain('Unknown option "--retry".');
});
