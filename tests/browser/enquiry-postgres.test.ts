/**
 * The operator's scenario of several instances, as a host runs them: compiled production servers sharing one
 * real PostgreSQL (a throw-away cluster) behind a proxy trusted through TRUST_PROXY, and one real SMTP server.
 * Mail accepted by a server that is then killed is delivered by the other, exactly once; the rate limit holds
 * across servers; 200 enquiries over both arrive once each; the database going down and coming back, seen by
 * the API and by a visitor in Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/features/enquiry/enquiry-contract.ts';
import { UI_TIMEOUT } from '../timeouts.ts';
import { launchBrowser, openPage } from './browser.ts';
import { freePort } from '../unit/fixtures/listen.ts';
import { startPostgresCluster, type PostgresCluster } from '../unit/fixtures/postgres-cluster.ts';
import { numberedEnquiry } from '../unit/fixtures/numbered-enquiry.ts';
import { startSmtpSink, type SmtpSink } from '../unit/fixtures/smtp-sink.ts';

const root = path.resolve(import.meta.dirname, '../..');
let cluster: PostgresCluster;
let browser: Browser;
let dataDir: string;
let sink: SmtpSink | undefined;
const servers: Server[] = [];

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(databaseUrl: string, smtpPort: number, moreEnv: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist-server', 'main.js')], {
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_TO: 'sales@example.com', LOG_LEVEL: 'info', ...moreEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const server = { child, base: `http://127.0.0.1:${port}`, output: () => output };
  servers.push(server);
  await expect.poll(() => (child.exitCode === null ? output : `exited with ${child.exitCode}: ${output}`), { message: 'the server starts and reaches the database' }).toContain('Enquiries are stored in PostgreSQL');
  return server;
}

/** Two servers on one database and one mail server, as behind a load balancer. */
async function startTwoServers(databaseUrl: string, smtpPort: number, moreEnv: Record<string, string> = {}): Promise<[Server, Server]> {
  return [await startServer(databaseUrl, smtpPort, moreEnv), await startServer(databaseUrl, smtpPort, moreEnv)];
}

async function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

const enquiry = (n: number) => numberedEnquiry(n, 'weekend support for our billing app');

async function send(server: Server, n: number, client: string): Promise<{ status: number; body: { status: boolean; message?: string } }> {
  const res = await fetch(`${server.base}/api/send-email`, { method: 'POST', body: enquiry(n), headers: { 'X-Forwarded-For': client } });
  return { status: res.status, body: (await res.json()) as { status: boolean; message?: string } };
}

async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Resolves once every enquiry is delivered and no mail job is left: nothing more can be sent, twice or at all. */
async function allDelivered(databaseUrl: string, count: number, timeout = UI_TIMEOUT): Promise<void> {
  await expect.poll(async () => (await query<{ n: number }>(databaseUrl, `SELECT count(*)::int AS n FROM enquiries.enquiry WHERE state = 'delivered'`))[0]!.n, { timeout, message: 'every enquiry delivered' }).toBe(count);
  await expect.poll(async () => (await query<{ n: number }>(databaseUrl, `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'enquiry-mail' AND state < 'completed'`))[0]!.n, { timeout, message: 'no mail job left' }).toBe(0);
}

/** How many times each enquiry number arrived at the SMTP server. */
function arrivals(): Map<number, number> {
  const counts = new Map<number, number>();
  for (const mail of sink?.messages ?? []) {
    const n = Number(/Enquiry number (\d+):/.exec(mail.body)?.[1]);
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return counts;
}

const deliveredBy = (server: Server) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"Enquiry delivered"')).length;

beforeAll(async () => {
  browser = await launchBrowser();
  cluster = await startPostgresCluster();
  dataDir = await mkdtemp(path.join(tmpdir(), 'enquiry-postgres-'));
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => stop(server, 'SIGTERM')));
  await sink?.close();
  sink = undefined;
});

afterAll(async () => {
  await browser?.close();
  await cluster?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

it(
  'delivers all 40 enquiries accepted by two servers while the SMTP server was down, exactly once, after the first server is killed',
  async () => {
    const databaseUrl = await cluster.createDatabase();
    const smtpPort = await freePort();
    // The killed server's sends expire after 10 s, not the default minute: the same expiry and maintenance path,
    // waited out sooner (a send to the local SMTP server takes milliseconds, far from the expiry).
    const shortExpiry = { ENQUIRY_SEND_EXPIRY_S: '10' };
    const [first, second] = await startTwoServers(databaseUrl, smtpPort, shortExpiry);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => send(n % 2 === 0 ? first : second, n, `203.0.113.${n + 1}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    await expect.poll(() => first.output(), { message: 'the first server tries to deliver' }).toContain('Enquiry not delivered yet; trying again');

    await stop(first, 'SIGKILL');
    sink = await startSmtpSink(smtpPort);
    // A send the killed server had in flight comes back once it expires (10 s), the next maintenance (5 s) sees it
    // and its backoff has passed (a minute after five tries: a loaded machine makes more tries before the kill).
    await allDelivered(databaseUrl, 40, 4 * UI_TIMEOUT);
    const counts = arrivals();
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(new Set(sink.messages.map((m) => m.headers.get('message-id')?.[0])).size).toBe(40);
    expect(deliveredBy(second)).toBe(40);
  },
  6 * UI_TIMEOUT,
);

it(
  'accepts at most 10 enquiries a minute from one visitor across both servers, then answers 429',
  async () => {
    const databaseUrl = await cluster.createDatabase();
    sink = await startSmtpSink();
    const [first, second] = await startTwoServers(databaseUrl, sink.port);
    const statuses: number[] = [];
    for (let n = 0; n < 16; n++) statuses.push((await send(n % 2 === 0 ? first : second, n, '198.51.100.77')).status);
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(6).fill(429)]);
    expect((await send(second, 16, '198.51.100.78')).status).toBe(200);
    await allDelivered(databaseUrl, 11);
  },
  3 * UI_TIMEOUT,
);

it(
  'delivers 200 enquiries sent over both servers, 20 at a time, each exactly once',
  async () => {
    const databaseUrl = await cluster.createDatabase();
    sink = await startSmtpSink();
    const [first, second] = await startTwoServers(databaseUrl, sink.port);
    // 20 visitors at once, each sending 10 (their limit), every other one to the other server.
    const lanes = Array.from({ length: 20 }, async (_, lane) => {
      const statuses: number[] = [];
      for (let k = 0; k < 10; k++) statuses.push((await send((k + lane) % 2 === 0 ? first : second, 20 * k + lane, `198.51.100.${lane + 1}`)).status);
      return statuses;
    });
    expect((await Promise.all(lanes)).flat()).toEqual(Array(200).fill(200));
    await allDelivered(databaseUrl, 200, 2 * UI_TIMEOUT);
    const counts = arrivals();
    expect(counts.size).toBe(200);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(new Set(sink.messages.map((m) => m.headers.get('message-id')?.[0])).size).toBe(200);
  },
  5 * UI_TIMEOUT,
);

it(
  'refuses enquiries with a 503 in plain words while the database is down, keeps serving pages and what the visitor typed, and takes them again once it is back',
  async () => {
    const databaseUrl = await cluster.createDatabase();
    sink = await startSmtpSink();
    const server = await startServer(databaseUrl, sink.port);
    const { page, context } = await openPage(browser, '/contact', undefined, { origin: server.base });
    const form = page.locator('#enquiry form');
    await cluster.stop();
    try {
      const refused = await send(server, 1, '192.0.2.10');
      expect(refused).toEqual({ status: 503, body: { status: false, message: 'We could not save your enquiry just now, so nothing was sent. Please try again in a minute or two.' } });
      const home = await fetch(`${server.base}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<h1');
      expect(await (await fetch(`${server.base}/healthz`)).json()).toMatchObject({ status: 'degraded', enquiries: { storage: 'postgresql', reachable: false } });

      // The visitor's side: the form says it failed and keeps every value.
      for (const [label, value] of Object.entries({ 'Full Name': 'Grace Hopper', Email: 'grace@example.com', Message: 'Night-shift support for our payments desk, from January.' }))
        await form.getByLabel(label, { exact: false }).first().fill(value);
      await page.waitForFunction((ms) => performance.now() > ms, MIN_FILL_MS + 200);
      await form.getByRole('button', { name: 'Submit Now' }).click();
      await expect.poll(() => form.getByRole('alert').count()).toBeGreaterThan(0);
      expect(await form.getByRole('alert').first().textContent()).toMatch(/couldn't|try again/i);
      expect(await form.getByLabel('Full Name', { exact: false }).inputValue()).toBe('Grace Hopper');
      expect(await form.getByLabel('Message', { exact: false }).inputValue()).toBe('Night-shift support for our payments desk, from January.');
    } finally {
      await cluster.start();
    }
    await expect.poll(async () => (await send(server, 2, '192.0.2.10')).status, { message: 'an enquiry is accepted again, without a restart' }).toBe(200);
    // The same visitor sends the kept values again.
    await form.getByRole('button', { name: 'Submit Now' }).click();
    await expect.poll(() => page.getByText('Email Sent Successfully!').count()).toBeGreaterThan(0);
    await context.close();

    await allDelivered(databaseUrl, 2);
    expect(sink.messages.map((m) => /Enquiry number (\d+):|Night-shift support/.exec(m.body)?.[0]).sort()).toEqual(['Enquiry number 2:', 'Night-shift support']);
    expect(await (await fetch(`${server.base}/healthz`)).json()).toMatchObject({ status: 'ok', enquiries: { storage: 'postgresql', reachable: true, queued: 0, dead: 0 } });
    expect(server.output()).toContain('An enquiry was refused: its storage is not answering');
    expect(server.output()).not.toContain(cluster.password);
  },
  4 * UI_TIMEOUT,
);

it(
  'outlives the database: restarted (fast, then immediate shutdown) and every connection terminated while enquiries are posted, no server exits, pages answer 200 throughout, and every acknowledged enquiry is delivered, none twice but with its one Message-ID',
  async () => {
    const databaseUrl = await cluster.createDatabase();
    sink = await startSmtpSink();
    // Sends lost with a connection are tried again once they expire: 10 s, not the default minute.
    const [first, second] = await startTwoServers(databaseUrl, sink.port, { ENQUIRY_SEND_EXPIRY_S: '10' });
    const acknowledged = new Set<number>();
    const enquiryStatuses = new Map<number, number>();
    const pageStatuses = new Map<string, number>();
    const healthSeen: string[] = [];
    // What a lane met that is neither an answer nor a refusal: a server that stopped answering.
    const failures: string[] = [];
    let traffic = true;
    let next = 0;

    // Each enquiry from a visitor of its own, so the rate limit never answers.
    const visitor = (n: number) => `10.${(n >> 8) & 255}.${n & 255}.1`;
    const postInLoop = async (server: Server) => {
      while (traffic && failures.length === 0) {
        const n = next++;
        const { status } = await send(server, n, visitor(n));
        enquiryStatuses.set(status, (enquiryStatuses.get(status) ?? 0) + 1);
        if (status === 200) acknowledged.add(n);
        for (const route of ['/', '/about']) {
          const page = await fetch(`${server.base}${route}`);
          await page.arrayBuffer();
          pageStatuses.set(`${page.status}`, (pageStatuses.get(`${page.status}`) ?? 0) + 1);
        }
      }
    };
    const watchHealth = async () => {
      while (traffic && failures.length === 0) {
        const { status } = (await (await fetch(`${first.base}/healthz`)).json()) as { status: string };
        if (healthSeen.at(-1) !== status) healthSeen.push(status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const recordFailure = (error: unknown) => failures.push(error instanceof Error ? `${error.message}: ${String(error.cause)}` : String(error));
    const lanes = [postInLoop(first), postInLoop(second), postInLoop(first), postInLoop(second), watchHealth()].map((lane) => lane.catch(recordFailure));
    const refused = () => enquiryStatuses.get(503) ?? 0;
    /** Waits for `state`, but stops at once when a server stopped answering. */
    const waitFor = async (state: () => boolean, message: string, timeout = UI_TIMEOUT) => {
      const deadline = Date.now() + timeout;
      while (!state()) {
        if (failures.length > 0) throw new Error(`A server stopped answering while waiting until ${message}: ${failures[0]}\n${first.output()}`);
        if (Date.now() > deadline) throw new Error(`Not the case within ${timeout} ms: ${message}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const moreAcknowledged = (message: string) => {
      const before = acknowledged.size;
      return waitFor(() => acknowledged.size > before + 3, message, 2 * UI_TIMEOUT);
    };
    const refusedWhileDown = async (message: string) => {
      const before = refused();
      await waitFor(() => refused() > before, message);
      await waitFor(() => healthSeen.at(-1) === 'degraded', '/healthz says degraded');
    };

    try {
      await moreAcknowledged('enquiries are accepted before the restart');
      await cluster.stop('fast');
      await refusedWhileDown('enquiries are refused while the database is down (fast shutdown)');
      await cluster.start();
      await moreAcknowledged('enquiries are accepted again after the fast restart');

      const terminated = await query<{ n: number }>(databaseUrl, `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      expect(terminated[0]!.n).toBeGreaterThan(0);
      await moreAcknowledged('enquiries are accepted after every connection was terminated');

      await cluster.stop('immediate');
      await refusedWhileDown('enquiries are refused while the database is down (immediate shutdown)');
      await cluster.start();
      await moreAcknowledged('enquiries are accepted again after the immediate restart');
      await waitFor(() => healthSeen.at(-1) === 'ok', '/healthz says ok again');
    } finally {
      traffic = false;
      await Promise.all(lanes);
    }

    expect(failures, 'requests that got no answer').toEqual([]);
    expect([first.child.exitCode, second.child.exitCode], 'no server exited').toEqual([null, null]);
    expect([...enquiryStatuses.keys()].sort(), 'an enquiry is accepted or refused with a 503, nothing else').toEqual([200, 503]);
    expect([...pageStatuses.keys()], 'every page answered 200').toEqual(['200']);

    // Every enquiry the database holds is delivered: those acknowledged, and any whose commit was not.
    const [{ n: stored }] = (await query<{ n: number }>(databaseUrl, `SELECT count(*)::int AS n FROM enquiries.enquiry`)) as [{ n: number }];
    await allDelivered(databaseUrl, stored, 4 * UI_TIMEOUT);
    const counts = arrivals();
    expect(
      [...acknowledged].filter((n) => !counts.has(n)),
      'acknowledged enquiries that never arrived',
    ).toEqual([]);
    // A send that completed while its result could not be saved is sent again, with the same Message-ID.
    const messageIds = new Map<number, Set<string | undefined>>();
    for (const mail of sink.messages) {
      const n = Number(/Enquiry number (\d+):/.exec(mail.body)?.[1]);
      messageIds.set(n, (messageIds.get(n) ?? new Set()).add(mail.headers.get('message-id')?.[0]));
    }
    expect(
      [...messageIds].filter(([, ids]) => ids.size !== 1).map(([n]) => n),
      'enquiries that arrived with more than one Message-ID',
    ).toEqual([]);
  },
  10 * UI_TIMEOUT,
);
