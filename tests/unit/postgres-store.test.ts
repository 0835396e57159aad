// @vitest-environment node
/**
 * The PostgreSQL enquiry store against a real, throw-away PostgreSQL cluster and a real SMTP server: the
 * schema made on start by instances starting together, delivery with a retry that keeps the Message-ID, dead
 * letters and their retry, the rate limit shared by two instances, and the database going down and coming back.
 */
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '../../server/enquiries/enquiry-record.ts';
import { RATE_LIMIT, StorageUnavailableError, type RunningDelivery } from '../../server/enquiries/enquiry-store.ts';
import { createPostgresStore, type PostgresStore } from '../../server/enquiries/postgres-store.ts';
import { LATEST_SCHEMA_VERSION } from '../../server/enquiries/postgres-schema.ts';
import { withPoolClient } from '../../server/enquiries/pool-client.ts';
import { createMailTransport } from '../../server/mail/mail-transport.ts';
import { captureLog, type CapturedLog } from './fixtures/capture-log.ts';
import { freePort } from './fixtures/listen.ts';
import { startPostgresCluster, type PostgresCluster } from './fixtures/postgres-cluster.ts';
import { startSmtpSink, type SmtpSink } from './fixtures/smtp-sink.ts';
import { UI_TIMEOUT } from '../timeouts.ts';

const addresses = { to: 'sales@example.com', from: 'no-reply@www.example.com', host: 'www.example.com' };
let cluster: PostgresCluster;
let sink: SmtpSink | undefined;
const open: Array<{ store: PostgresStore; delivery?: RunningDelivery }> = [];

const entry = (n: number): EnquiryRecord => ({
  id: crypto.randomUUID(),
  receivedAt: new Date().toISOString(),
  name: `Meera Iyer ${n}`,
  email: `meera${n}@example.com`,
  phone: '9876543210',
  industry: 'Retail & E-commerce',
  message: `Enquiry ${n}: order-status chat and e-mail for our 40-store chain.`,
  siteId: 'alcyone',
});

/** A connected store; with `smtpPort`, delivering to that SMTP server. */
async function openStore(url: string, options: { smtpPort?: number; log?: CapturedLog } = {}): Promise<PostgresStore> {
  const store = createPostgresStore(url, (options.log ?? captureLog()).logger);
  await store.connect();
  const delivery = options.smtpPort === undefined ? undefined : store.startDelivery({ transport: createMailTransport(`smtp://127.0.0.1:${options.smtpPort}`, tmpdir()), addresses, log: (options.log ?? captureLog()).logger });
  open.push({ store, delivery });
  return store;
}

async function stateOf(url: string, id: string): Promise<string | undefined> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<{ state: string }>('SELECT state FROM enquiries.enquiry WHERE id = $1', [id])).rows[0]?.state;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
});

afterEach(async () => {
  for (const { store, delivery } of open.splice(0)) {
    await delivery?.stop();
    await store.close();
  }
  await sink?.close();
  sink = undefined;
});

afterAll(async () => {
  await cluster?.destroy();
});

describe('the schema', () => {
  it('is created on start; two instances starting together apply each migration once', async () => {
    const url = await cluster.createDatabase();
    await Promise.all([openStore(url), openStore(url)]);
    const client = new pg.Client(url);
    await client.connect();
    const { rows } = await client.query<{ version: number }>('SELECT version FROM enquiries.migration ORDER BY version');
    const queues = await client.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
    await client.end();
    expect(rows.map((r) => r.version)).toEqual(Array.from({ length: LATEST_SCHEMA_VERSION }, (_, i) => i + 1));
    expect(queues.rows.map((r) => r.name)).toEqual(['enquiry-mail', 'enquiry-mail-dead']);
  });
});

describe('delivery', () => {
  it('retries while the SMTP server is down and delivers once it is up, with the Message-ID of the enquiry', async () => {
    const url = await cluster.createDatabase();
    const smtpPort = await freePort();
    const log = captureLog();
    const store = await openStore(url, { smtpPort, log });
    const queued = entry(1);
    await store.add(queued);
    await expect.poll(() => log.lines().filter((l) => l.msg === 'Enquiry not delivered yet; trying again').length).toBeGreaterThanOrEqual(1);
    expect((await store.health()).queued).toBe(1);
    sink = await startSmtpSink(smtpPort);
    await expect.poll(() => stateOf(url, queued.id)).toBe('delivered');
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.headers.get('message-id')).toEqual([`<enquiry-${queued.id}@www.example.com>`]);
    expect(sink.messages[0]!.body).toContain('order-status chat');
    expect(await store.health()).toEqual({ storage: 'postgresql', reachable: true, queued: 0, dead: 0 });
  });

  it('moves an enquiry the SMTP server refuses for good (5xx) to the dead letters, and sends it when they are retried', async () => {
    const url = await cluster.createDatabase();
    sink = await startSmtpSink();
    sink.refuseWith(550);
    const store = await openStore(url, { smtpPort: sink.port });
    const refused = entry(2);
    await store.add(refused);
    await expect.poll(async () => (await store.report()).dead.map((d) => [d.id, d.email])).toEqual([[refused.id, 'meera2@example.com']]);
    expect((await store.report()).dead[0]!.reason).toContain('550');
    expect(sink.messages).toHaveLength(0);

    sink.refuseWith(null);
    expect(await store.retryDead()).toBe(1);
    await expect.poll(() => stateOf(url, refused.id)).toBe('delivered');
    expect(await store.report()).toMatchObject({ queued: 0, delivered: 1, dead: [] });
    expect(sink.messages).toHaveLength(1);
  });
});

describe('the rate limit', () => {
  it('counts one visitor across two instances: 10 a minute in all, then refused; another visitor is not affected', async () => {
    const url = await cluster.createDatabase();
    const [first, second] = await Promise.all([openStore(url), openStore(url)]);
    const answers: boolean[] = [];
    for (let i = 0; i < 16; i++) answers.push(await (i % 2 === 0 ? first! : second!).allowRequest('203.0.113.9'));
    expect(answers.filter(Boolean)).toHaveLength(RATE_LIMIT);
    expect(answers.slice(RATE_LIMIT).some(Boolean)).toBe(false);
    expect(await second!.allowRequest('203.0.113.10')).toBe(true);
  });

  it('counts requests arriving at the same moment one after the other', async () => {
    const url = await cluster.createDatabase();
    const [first, second] = await Promise.all([openStore(url), openStore(url)]);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? first! : second!).allowRequest('198.51.100.44')));
    expect(answers.filter(Boolean)).toHaveLength(RATE_LIMIT);
  });
});

describe('the database going down', () => {
  it(
    'refuses enquiries in plain words while it is down, says so in health, and takes them again once it is back, without a restart',
    async () => {
      const url = await cluster.createDatabase();
      sink = await startSmtpSink();
      const log = captureLog();
      const store = await openStore(url, { smtpPort: sink.port, log });
      await store.add(entry(3));
      await expect.poll(() => sink!.messages.length).toBe(1);

      await cluster.stop();
      const refused = await store.add(entry(4)).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StorageUnavailableError);
      expect((refused as Error).message).toMatch(/^PostgreSQL at 127\.0\.0\.1:\d+\/test_\d+ is not answering: /);
      await expect(store.allowRequest('203.0.113.20')).rejects.toBeInstanceOf(StorageUnavailableError);
      expect(await store.health()).toEqual({ storage: 'postgresql', reachable: false });

      await cluster.start();
      const accepted = entry(5);
      await expect
        .poll(() =>
          store.add(accepted).then(
            () => 'stored',
            (error: unknown) => (error as Error).message,
          ),
        )
        .toBe('stored');
      await expect.poll(() => stateOf(url, accepted.id)).toBe('delivered');
      expect(sink.messages.map((m) => /Enquiry (\d+):/.exec(m.body)?.[1])).toEqual(['3', '5']);
      expect(JSON.stringify(log.lines())).not.toContain(cluster.password);
    },
    3 * UI_TIMEOUT,
  );

  it(
    'starts while the database is down and connects by itself once it is up',
    async () => {
      const url = await cluster.createDatabase();
      await cluster.stop();
      const log = captureLog();
      const store = createPostgresStore(url, log.logger);
      open.push({ store });
      store.keepConnecting();
      await expect.poll(() => log.lines().some((l) => String(l.msg).startsWith('Cannot connect to PostgreSQL; trying again'))).toBe(true);
      await expect(store.add(entry(6))).rejects.toBeInstanceOf(StorageUnavailableError);
      expect((await store.health()).reachable).toBe(false);

      await cluster.start();
      // The store waits up to 30 s between tries (doubling from 1 s).
      await expect.poll(async () => (await store.health()).reachable, { timeout: 2 * UI_TIMEOUT }).toBe(true);
      await store.add(entry(7));
      expect((await store.health()).queued).toBe(1);
      expect(JSON.stringify(log.lines())).not.toContain(cluster.password);
    },
    3 * UI_TIMEOUT,
  );

  it('a connection cut while it is taken from the pool, between two statements, fails the next one and is closed, with no unheard error ending the process', async () => {
    const url = await cluster.createDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on('error', () => undefined);
    const admin = new pg.Client(url);
    await admin.connect();
    try {
      const work = withPoolClient(pool, async (client) => {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const ended = new Promise((resolve) => client.once('end', resolve));
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        // The cut arrives while no statement runs: pg reports it as an 'error' event of the taken connection.
        await ended;
        await client.query('SELECT 1');
      });
      await expect(work).rejects.toThrow(/not queryable|terminat/i);
      // The cut connection was closed, not given back: the pool's one connection is a new, working one.
      expect((await pool.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
