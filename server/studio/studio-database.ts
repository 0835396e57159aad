/**
 * The studio's connection to PostgreSQL (DATABASE_URL), shared by its account and draft stores: one small pool,
 * the schema migrated before the first query (postgres-studio-schema.ts), and the database being away turned into
 * StorageUnavailableError, which the studio answers with a 503. Nothing here logs or throws the URL or its
 * password (database-url.ts): only "PostgreSQL at host:port/database".
 */
import pg from 'pg';
import { parseDatabaseUrl } from '../enquiries/database-url.ts';
import { StorageUnavailableError } from '../enquiries/enquiry-store.ts';
import { inTransaction } from '../enquiries/pool-client.ts';
import { isUnreachable } from '../enquiries/pool-client.ts';
import { warnEvery } from '../enquiries/warn-every.ts';
import type { Logger } from '../logger.ts';
import { migrateStudio } from './postgres-studio-schema.ts';

/** One warning per this long while the database is away, not one per request. */
const WARN_EVERY_MS = 30_000;

export interface StudioDatabase {
  /** "PostgreSQL at db.example.com:5432/site". */
  where: string;
  /** Connects and migrates, once; rejects with StorageUnavailableError while the database is away. */
  ready(): Promise<void>;
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** `work` in one transaction on one connection. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function openStudioDatabase(url: string, log: Logger): StudioDatabase {
  const secret = parseDatabaseUrl(url);
  const where = secret.describe();
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5000, query_timeout: 15_000, application_name: 'site-studio' });
  let migrated: Promise<void> | undefined;

  const reasonOf = (error: unknown) => secret.redact(error instanceof Error ? error.message : String(error));
  const warning = warnEvery(log, WARN_EVERY_MS);
  const warnAway = (error: unknown, message: string) => warning({ database: where, reason: reasonOf(error) }, message);
  // An idle connection the database closed (a restart): the pool drops it and opens another on the next query.
  pool.on('error', (error) => warnAway(error, 'The studio lost its connection to PostgreSQL; it reconnects on the next request'));

  /** The database away becomes StorageUnavailableError; any other error (a fault of ours) goes on, redacted. */
  const failure = (error: unknown): Error => {
    if (error instanceof StorageUnavailableError) return error;
    if (isUnreachable(error)) {
      warnAway(error, 'The studio cannot reach PostgreSQL; its requests get a 503 until it answers');
      return new StorageUnavailableError(`${where} is not answering: ${reasonOf(error)}`);
    }
    if (error instanceof Error) {
      // The stack repeats the message, and the studio's log prints the stack of a 500.
      if (error.stack) error.stack = secret.redact(error.stack);
      error.message = reasonOf(error);
      return error;
    }
    return new Error(reasonOf(error));
  };

  const ready = async () => {
    // Tried again on the next call after a failure: the database may be back by then.
    migrated ??= migrateStudio(pool).catch((error: unknown) => {
      migrated = undefined;
      throw failure(error);
    });
    return migrated;
  };

  return {
    where,
    ready,
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      await ready();
      try {
        return await pool.query<R>(text, values);
      } catch (error) {
        throw failure(error);
      }
    },
    async transaction(work) {
      await ready();
      try {
        return await inTransaction(pool, work);
      } catch (error) {
        throw failure(error);
      }
    },
    close: () => pool.end().catch(() => undefined),
  };
}
