// @vitest-environment node
/**
 * `npm run outbox` with DATABASE_URL, against a real throw-away PostgreSQL cluster: `--import` moves a JSONL
 * outbox into the database once (run twice, nothing doubles), the counts and dead letters come from the
 * database, `--retry-dead` queues them again, and the password is never printed, not even when the database is down.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from './fixtures/postgres-cluster.ts';

const root = path.resolve(import.meta.dirname, '../..');
let cluster: PostgresCluster;
let url: string;
let dataDir: string;

function cli(args: string[], env: Record<string, string> = { DATABASE_URL: url }) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/outbox-cli.ts', '--data-dir', dataDir, ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
  expect(run.stdout + run.stderr).not.toContain(cluster.password);
  return run;
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  url = await cluster.createDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-import-'));
  const entry = (id: string) =>
    JSON.stringify({ id, receivedAt: '2026-11-24T10:00:00.000Z', fullname: 'Rohan Mehta', email: `${id}@example.com`, phone: '', looking_for: 'Fintech', about_project: 'KYC support in three languages.', type: 'alcyone' });
  await writeFile(path.join(dataDir, 'outbox.jsonl'), `${['a', 'b', 'c'].map(entry).join('\n')}\n{"id":"cut sh`);
  await writeFile(path.join(dataDir, 'deliveries.jsonl'), '{"id":"a","state":"delivered","at":"2026-11-24T10:00:01Z"}\n{"id":"b","state":"dead","at":"2026-11-24T10:00:02Z","reason":"550 Mailbox unavailable"}\n');
  await writeFile(path.join(dataDir, 'dead-letter.jsonl'), `${JSON.stringify({ ...JSON.parse(entry('b')), failedAt: '2026-11-24T10:00:02.000Z', reason: '550 Mailbox unavailable' })}\n`);
});

afterAll(async () => {
  await cluster?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

it("imports the JSONL outbox with each enquiry's state, and a second import changes nothing", () => {
  const first = cli(['--import']);
  expect(first.stderr).toBe('');
  expect(first.stdout).toContain(`Imported 3 enquiries from ${dataDir} into PostgreSQL at 127.0.0.1:${cluster.port}/test_1 (1 of them queued for delivery); 0 were there already.`);
  expect(first.stdout).toContain(': 1 queued, 1 delivered, 1 dead letter.');
  expect(first.stdout).toContain('dead: b  received 2026-11-24T10:00:00.000Z  from b@example.com  — 550 Mailbox unavailable');

  const second = cli(['--import']);
  expect(second.stdout).toContain('Imported 0 enquiries');
  expect(second.stdout).toContain('; 3 were there already.');
  expect(second.stdout).toContain(': 1 queued, 1 delivered, 1 dead letter.');
});

it('queues the dead letters in the database again with --retry-dead', () => {
  expect(cli(['--retry-dead']).stdout).toContain('Queued 1 dead letter again');
  expect(cli([]).stdout).toContain(': 2 queued, 1 delivered, 0 dead letters.');
});

it('refuses --import without DATABASE_URL, and says the database is down without its password', async () => {
  const withoutUrl = cli(['--import'], {});
  expect(withoutUrl.status).toBe(2);
  expect(withoutUrl.stderr).toContain('--import copies the JSONL outbox into PostgreSQL: set DATABASE_URL');

  await cluster.stop();
  try {
    const down = cli([]);
    expect(down.status).toBe(1);
    expect(down.stderr).toMatch(/^Could not read the outbox: PostgreSQL at 127\.0\.0\.1:\d+\/test_1 could not be used: .*ECONNREFUSED/);
  } finally {
    await cluster.start();
  }
});
