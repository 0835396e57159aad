/**
 * The enquiry tables in PostgreSQL, created and migrated by the server on start. Each migration runs once, in
 * order, in one transaction with the others. pg-boss keeps its own schema (pgboss) and migrates it itself.
 * Both happen under one advisory lock (`underStartLock`): instances that start together wait for each other
 * instead of racing (pg-boss alone does not survive two first starts at once).
 */
import type pg from 'pg';
import { withPoolClient } from './pool-client.ts';

export const SCHEMA = 'enquiries';

/** Never edit a migration that has shipped: add the next one. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE ${SCHEMA}.enquiry (
     id text PRIMARY KEY,
     received_at timestamptz NOT NULL,
     -- The form's fields as sent (the wire names of src/features/enquiry/enquiry-contract.ts).
     fields jsonb NOT NULL,
     state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'delivered', 'dead')),
     attempts integer NOT NULL DEFAULT 0,
     last_error text,
     delivered_at timestamptz,
     dead_at timestamptz
   );
   CREATE INDEX enquiry_waiting ON ${SCHEMA}.enquiry (state) WHERE state <> 'delivered';
   -- Each visitor's requests of the last minute, by the database's clock, which all instances share.
   CREATE TABLE ${SCHEMA}.rate_limit (
     client text PRIMARY KEY,
     hits timestamptz[] NOT NULL
   );`,
];

/** Any number, the same in every instance: the key of the start lock. */
const START_LOCK = 7_304_172_026;

/** Runs `work` while this process holds the start lock (a session lock on a connection of its own). */
export async function underStartLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  return withPoolClient(pool, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
    const result = await work();
    // A failed unlock fails the call, so the connection is closed, which also frees the lock.
    await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK]);
    return result;
  });
}

export const migrate = (pool: pg.Pool): Promise<void> => applyMigrations(pool, SCHEMA, MIGRATIONS);

/**
 * Brings `schema` up to the last of `migrations` (the studio's schema uses it too): the ones not applied yet run
 * in order, in one transaction, and are recorded in `schema`.migration. Call it under the start lock.
 */
export async function applyMigrations(pool: pg.Pool, schema: string, migrations: readonly string[]): Promise<void> {
  await withPoolClient(pool, async (client) => {
    await client.query('BEGIN');
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.migration (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${schema}.migration`);
    for (let version = (rows[0]?.version ?? 0) + 1; version <= migrations.length; version++) {
      await client.query(migrations[version - 1]!);
      await client.query(`INSERT INTO ${schema}.migration (version) VALUES ($1)`, [version]);
    }
    await client.query('COMMIT');
  });
}

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;
