// @vitest-environment node
/**
 * The studio on PostgreSQL (DATABASE_URL), against a real throw-away cluster: signing in and out over real HTTP,
 * the studio:user tool adding and listing users there, and the database going away: the studio answers 503 in
 * plain words, keeps running, never says or logs the URL's password, and works again once the database is back.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config.ts';
import { createAccounts } from '../../server/studio/accounts.ts';
import { openStudioStores, type StudioStores } from '../../server/studio/open-studio-stores.ts';
import { readStudioConfig } from '../../server/studio/studio-config.ts';
import { createStudioServer } from '../../server/studio/studio-server.ts';
import { captureLog, type CapturedLog } from './fixtures/capture-log.ts';
import { close, listen } from './fixtures/listen.ts';
import { startPostgresCluster, type PostgresCluster } from './fixtures/postgres-cluster.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'a long enough passphrase';
let cluster: PostgresCluster;
let running: { server: http.Server; stores: StudioStores } | undefined;
/** DATA_DIR, which nothing may touch while DATABASE_URL is set. */
let dataDir: string;

async function studio(url: string, log: CapturedLog = captureLog()) {
  const stores = openStudioStores({ dataDir, databaseUrl: url }, log.logger);
  const server = createStudioServer({ store: stores.accounts, trustProxy: { kind: 'none' }, logger: log.logger });
  running = { server, stores };
  const base = await listen(server);
  await createAccounts(stores.accounts).add({ email: 'ana@example.com', name: 'Ana Lima', role: 'publisher', password: PASSWORD }, { email: null, address: 'command line' });
  const call = (route: string, body?: unknown, cookie = '') =>
    fetch(`${base}${route}`, body === undefined ? { headers: { Cookie: cookie } } : { method: 'POST', headers: { Origin: base, 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });
  return { stores, call };
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  dataDir = await mkdtemp(path.join(tmpdir(), 'studio-pg-data-'));
});

afterEach(async () => {
  if (running) {
    await close(running.server);
    await running.stores.close();
  }
  running = undefined;
  expect(await readdir(dataDir)).toEqual([]);
});

afterAll(async () => {
  await cluster?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

it("takes DATABASE_URL as the site's server does, and never repeats a bad one (it holds a password)", () => {
  expect(readStudioConfig({ DATABASE_URL: ' postgresql://site:pw@db:5432/site ' }, root).databaseUrl).toBe('postgresql://site:pw@db:5432/site');
  expect(readStudioConfig({}, root).databaseUrl).toBeUndefined();
  const bad = () => readStudioConfig({ DATABASE_URL: 'mysql://site:hunter2@db/site' }, root);
  expect(bad).toThrow(ConfigError);
  expect(bad).not.toThrow(/hunter2/);
});

it('signs in and out over HTTP, the session and the audit log in the database', async () => {
  const { stores, call } = await studio(await cluster.createDatabase());
  const signedIn = await call('/studio/api/sign-in', { email: 'ANA@example.com', password: PASSWORD });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
  expect((await call('/studio/api/me', undefined, cookie)).status).toBe(200);
  expect((await call('/studio/api/sign-out', {}, cookie)).status).toBe(200);
  expect((await call('/studio/api/me', undefined, cookie)).status).toBe(401);
  expect((await stores.accounts.audit()).map((e) => `${e.event} ${e.actor ?? '-'}`)).toEqual(['user-added -', 'sign-in ana@example.com', 'sign-out ana@example.com']);
});

it('studio:user adds a user to the database and lists them from there', async () => {
  const url = await cluster.createDatabase();
  const tool = (args: string[], input = '') => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/studio-user.ts', ...args], { cwd: root, encoding: 'utf8', input, env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir } });
  const added = tool(['add', 'Bo@Example.com', '--name', 'Bo Chen', '--role', 'author'], `${PASSWORD}\n`);
  expect([added.status, added.stderr, added.stdout]).toEqual([0, '', "Added Bo Chen <bo@example.com> as author. They sign in at the studio's /studio.\n"]);
  expect(tool(['list']).stdout).toMatch(/^bo@example\.com\tauthor\tBo Chen\tsince \d{4}-\d\d-\d\d\n$/);
  const stores = openStudioStores({ dataDir, databaseUrl: url }, captureLog().logger);
  expect((await stores.accounts.user('bo@example.com'))?.name).toBe('Bo Chen');
  await stores.close();
});

describe('with the database away', () => {
  it('answers 503 in plain words, never with the password, and works again when the database is back', async () => {
    const log = captureLog();
    const url = await cluster.createDatabase();
    const { call } = await studio(url, log);
    await cluster.stop();
    try {
      const answers = [await call('/studio'), await call('/studio/api/sign-in', { email: 'ana@example.com', password: PASSWORD })];
      for (const answer of answers) {
        const text = await answer.text();
        expect([answer.status, answer.headers.get('retry-after'), JSON.parse(text)]).toEqual([503, '30', { message: expect.stringMatching(/^The studio cannot reach its database just now, so this was not done\./) }]);
        expect(text).not.toContain(cluster.password);
      }
      const tool = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/studio-user.ts', 'list'], { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir } });
      expect([tool.status, tool.stderr]).toEqual([1, expect.stringMatching(/^studio:user could not reach the studio's database: PostgreSQL at 127\.0\.0\.1:\d+\/test_\d+ is not answering/)]);
      expect(tool.stderr + tool.stdout).not.toContain(cluster.password);
      expect(log.lines().filter((l) => l.level === 40)).toEqual([expect.objectContaining({ database: expect.stringMatching(/^PostgreSQL at 127\.0\.0\.1:/) })]);
      expect(JSON.stringify(log.lines())).not.toContain(cluster.password);
    } finally {
      await cluster.start();
    }
    expect((await call('/studio/api/sign-in', { email: 'ana@example.com', password: PASSWORD })).status).toBe(200);
  });
});
