/**
 * The storage for several instances (DATABASE_URL): enquiries, their delivery state and the dead letters in
 * PostgreSQL, delivered through pg-boss (postgres-delivery.ts), the rate limit counted in the database.
 *
 * The server starts serving pages at once and connects in the background, trying again until the database
 * answers; it then migrates the schema (postgres-schema.ts, and pg-boss its own) and starts delivering. While
 * the database is down, every call that needs it fails with StorageUnavailableError (the visitor gets a 503),
 * /healthz says degraded, and pg's pool opens new connections as soon as it is back. Nothing this file logs
 * or throws contains the URL or its password (database-url.ts).
 */
import { isUnreachable } from './pool-client.ts';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { EnquiryRecord } from './enquiry-record.ts';
import type { Logger } from '../logger.ts';
import { readDeadLetters, readOutbox, readStates } from './delivery-log.ts';
import { parseDatabaseUrl } from './database-url.ts';
import { RATE_LIMIT, RATE_WINDOW_MS, StorageUnavailableError, type DeliveryTarget, type EnquiryStore } from './enquiry-store.ts';
import { createQueues, DEFAULT_SEND_EXPIRY_S, MAIL_QUEUE, workOnEnquiries } from './postgres-delivery.ts';
import { deadLetterOfRow, rowValuesOf, type EnquiryRow } from './postgres-rows.ts';
import { pgBossDb } from './pg-boss-db.ts';
import { inTransaction } from './pool-client.ts';
import { warnEvery } from './warn-every.ts';
import { migrate, SCHEMA, underStartLock } from './postgres-schema.ts';

export interface ImportResult {
  imported: number;
  alreadyThere: number;
  queued: number;
}

export interface PostgresStore extends EnquiryStore {
  /** One attempt to connect and migrate; rejects with the reason (the outbox tool). */
  connect(): Promise<void>;
  /** Connects in the background, trying again until it succeeds (the server). */
  keepConnecting(): void;
  /** Copies the JSONL outbox of dataDir into the database: enquiries already there are left as they are. */
  importOutbox(dataDir: string): Promise<ImportResult>;
}

const RECONNECT_MAX_MS = 30_000;
/** One warning per this long while the database is down, not one per failed poll. */
const WARN_EVERY_MS = 30_000;

export interface PostgresStoreOptions {
  /** How long a send may run before the job is taken as lost and another instance tries it (its lease). */
  sendExpiryS?: number;
}

export function createPostgresStore(url: string, log: Logger, { sendExpiryS = DEFAULT_SEND_EXPIRY_S }: PostgresStoreOptions = {}): PostgresStore {
  const secret = parseDatabaseUrl(url);
  const where = secret.describe();
  const pool = new pg.Pool({ connectionString: url, max: 6, connectionTimeoutMillis: 5000, query_timeout: 15_000, application_name: 'site-enquiries' });
  let boss: PgBoss | undefined;
  let connecting: Promise<void> | undefined;
  let target: DeliveryTarget | undefined;
  let workers: string[] = [];
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const reasonOf = (error: unknown) => secret.redact(error instanceof Error ? error.message : String(error));
  const warning = warnEvery(log, WARN_EVERY_MS);
  const warnDown = (error: unknown, message: string) => warning({ database: where, reason: reasonOf(error) }, message);
  // An idle connection the database closed (a restart): the pool drops it and opens another on the next query.
  pool.on('error', (error) => warnDown(error, 'The connection to PostgreSQL was lost; it reconnects on the next query'));

  /** The database's errors said for people; anything else (a fault of ours) goes on as it is, for a 500. */
  const unavailable = (error: unknown): Error => (isUnreachable(error) ? new StorageUnavailableError(`${where} is not answering: ${reasonOf(error)}`) : error instanceof Error ? error : new Error(String(error)));

  const ready = (): PgBoss => {
    if (boss) return boss;
    throw new StorageUnavailableError(`${where} is not connected yet.`);
  };

  /** Runs `work` in one transaction on one connection; a broken connection is not given back to the pool. */
  async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(pool, work);
    } catch (error) {
      throw unavailable(error);
    }
  }

  const viaClient = (client: pg.PoolClient): PgBoss.Db => ({ executeSql: (text, values) => client.query(text, values) });

  async function connectOnce(): Promise<void> {
    // pg-boss runs its queries on our pool: one set of connections per process.
    // Maintenance, which finds expired sends, runs at half the expiry: a lost send is tried again within 1.5 expiries.
    const maintenanceIntervalSeconds = Math.max(1, Math.floor(sendExpiryS / 2));
    const db = pgBossDb(pool, (error) => {
      if (isUnreachable(error)) warnDown(error, 'A delivery result could not be saved while PostgreSQL was away; the job is tried again when it expires');
      else log.error({ reason: reasonOf(error) }, 'A delivery result could not be saved; the job is tried again when it expires');
    });
    const started = new PgBoss({ db, schedule: false, maintenanceIntervalSeconds });
    started.on('error', (error) => {
      if (isUnreachable(error)) warnDown(error, 'The enquiry queue cannot reach PostgreSQL; it keeps trying');
      else log.error({ reason: reasonOf(error) }, 'The enquiry queue failed a step; it keeps going');
    });
    await underStartLock(pool, async () => {
      await migrate(pool);
      await started.start();
      await createQueues(started);
    });
    boss = started;
    if (target) workers = await workOnEnquiries(started, pool, target);
  }

  const connect = (): Promise<void> => {
    connecting ??= connectOnce().finally(() => (connecting = undefined));
    return connecting;
  };

  const keepConnecting = (delayMs = 1000) => {
    if (stopped || boss) return;
    connect().then(
      () => log.info(`Enquiries are stored in ${where}`),
      (error: unknown) => {
        warning.reset();
        warnDown(error, `Cannot connect to PostgreSQL; trying again in ${Math.round(delayMs / 1000)} s. Pages are served meanwhile; enquiries get a 503`);
        retryTimer = setTimeout(() => keepConnecting(Math.min(RECONNECT_MAX_MS, delayMs * 2)), delayMs);
        retryTimer.unref();
      },
    );
  };

  let rateCalls = 0;

  return {
    describe: () => where,
    connect: () =>
      connect().catch((error: unknown) => {
        throw new StorageUnavailableError(`${where} could not be used: ${reasonOf(error)}`);
      }),
    keepConnecting: () => keepConnecting(),

    async allowRequest(client) {
      ready();
      // Every 1000th request also forgets the visitors who have been quiet for a whole window.
      if (++rateCalls % 1000 === 0) void pool.query(`DELETE FROM ${SCHEMA}.rate_limit WHERE hits[cardinality(hits)] < now() - $1::int * interval '1 millisecond'`, [RATE_WINDOW_MS]).catch(() => undefined);
      try {
        // One statement: the row lock of ON CONFLICT makes two instances' requests from one visitor count one after the other.
        const { rows } = await pool.query<{ count: number }>(
          `INSERT INTO ${SCHEMA}.rate_limit AS r (client, hits) VALUES ($1, ARRAY[now()])
           ON CONFLICT (client) DO UPDATE
             SET hits = ARRAY(SELECT h FROM unnest(r.hits) AS h WHERE h > now() - $2::int * interval '1 millisecond') || now()
           RETURNING cardinality(hits) AS count`,
          [client, RATE_WINDOW_MS],
        );
        return rows[0]!.count <= RATE_LIMIT;
      } catch (error) {
        throw unavailable(error);
      }
    },

    async add(entry: EnquiryRecord) {
      const queue = ready();
      await transaction(async (client) => {
        await client.query(`INSERT INTO ${SCHEMA}.enquiry (id, received_at, fields) VALUES ($1, $2, $3)`, rowValuesOf(entry));
        await queue.send(MAIL_QUEUE, { id: entry.id }, { db: viaClient(client), expireInSeconds: sendExpiryS });
      });
      // Committed: wake this instance's workers rather than wait for their next poll.
      for (const id of workers) queue.notifyWorker(id);
    },

    startDelivery(delivery) {
      target = delivery;
      if (boss)
        void workOnEnquiries(boss, pool, delivery).then(
          (ids) => (workers = ids),
          (error: unknown) => warnDown(error, 'The delivery workers could not start'),
        );
      return {
        stop: async () => {
          target = undefined;
          workers = [];
          await boss?.offWork(MAIL_QUEUE).catch(() => undefined);
          delivery.transport.close();
        },
      };
    },

    async health() {
      // Until the schema is migrated and the queue started, the store takes nothing: degraded.
      if (!boss) return { storage: 'postgresql', reachable: false };
      try {
        const { rows } = await pool.query<{ state: string; count: number }>(`SELECT state, count(*)::int AS count FROM ${SCHEMA}.enquiry WHERE state <> 'delivered' GROUP BY state`);
        const count = (state: string) => rows.find((r) => r.state === state)?.count ?? 0;
        return { storage: 'postgresql', reachable: true, queued: count('queued'), dead: count('dead') };
      } catch {
        return { storage: 'postgresql', reachable: false };
      }
    },

    async report() {
      try {
        const counts = await pool.query<{ state: string; count: number }>(`SELECT state, count(*)::int AS count FROM ${SCHEMA}.enquiry GROUP BY state`);
        const dead = await pool.query<EnquiryRow>(`SELECT * FROM ${SCHEMA}.enquiry WHERE state = 'dead' ORDER BY dead_at, received_at`);
        const count = (state: string) => counts.rows.find((r) => r.state === state)?.count ?? 0;
        return { queued: count('queued'), delivered: count('delivered'), dead: dead.rows.map(deadLetterOfRow) };
      } catch (error) {
        throw unavailable(error);
      }
    },

    async retryDead() {
      const queue = ready();
      return transaction(async (client) => {
        const { rows } = await client.query<{ id: string }>(`UPDATE ${SCHEMA}.enquiry SET state = 'queued', dead_at = NULL WHERE state = 'dead' RETURNING id`);
        if (rows.length > 0)
          await queue.insert(
            rows.map(({ id }) => ({ name: MAIL_QUEUE, data: { id } })),
            { db: viaClient(client) },
          );
        return rows.length;
      });
    },

    async importOutbox(dataDir) {
      const queue = ready();
      const [entries, states, deadLetters] = await Promise.all([readOutbox(dataDir), readStates(dataDir), readDeadLetters(dataDir)]);
      return transaction(async (client) => {
        const result: ImportResult = { imported: 0, alreadyThere: 0, queued: 0 };
        const queuedIds: string[] = [];
        for (const entry of entries) {
          const state = states.get(entry.id);
          const dead = state === 'dead' ? deadLetters.findLast((d) => d.id === entry.id) : undefined;
          const { rowCount } = await client.query(
            `INSERT INTO ${SCHEMA}.enquiry (id, received_at, fields, state, delivered_at, dead_at, last_error)
             VALUES ($1, $2, $3, $4, CASE WHEN $4 = 'delivered' THEN now() END, $5, $6) ON CONFLICT (id) DO NOTHING`,
            [...rowValuesOf(entry), state === 'delivered' || state === 'dead' ? state : 'queued', state === 'dead' ? (dead?.failedAt ?? new Date().toISOString()) : null, dead?.reason ?? null],
          );
          if (!rowCount) result.alreadyThere++;
          else {
            result.imported++;
            if (state !== 'delivered' && state !== 'dead') queuedIds.push(entry.id);
          }
        }
        if (queuedIds.length > 0)
          await queue.insert(
            queuedIds.map((id) => ({ name: MAIL_QUEUE, data: { id } })),
            { db: viaClient(client) },
          );
        result.queued = queuedIds.length;
        return result;
      });
    },

    async close() {
      stopped = true;
      clearTimeout(retryTimer);
      const running = boss;
      boss = undefined;
      // Jobs still sending get a few seconds; one cut short is sent again by another instance after it expires.
      await running?.stop({ graceful: true, timeout: 5000, close: false }).catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
