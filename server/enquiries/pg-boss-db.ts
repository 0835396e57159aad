/**
 * The connection pg-boss runs its statements on: our pool. pg-boss 10 completes or fails a job after its handler
 * without waiting for the answer (its worker loop), so a database that is away at that moment would reject a
 * promise no one handles, which ends the process. Those two statements are answered "nothing changed" instead,
 * and the store is told: the job stays active until its expiry, then it is tried again, and the enquiry's own row
 * decides whether anything is sent (postgres-delivery.ts).
 */
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import plans from 'pg-boss/src/plans.js';

// The store keeps pg-boss's jobs in its default schema.
const UNAWAITED = new Set([plans.completeJobs(plans.DEFAULT_SCHEMA), plans.failJobsById(plans.DEFAULT_SCHEMA)]);

export function pgBossDb(pool: pg.Pool, onUnsavedResult: (error: unknown) => void): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      if (!UNAWAITED.has(text)) return pool.query(text, values);
      try {
        return await pool.query(text, values);
      } catch (error) {
        onUnsavedResult(error);
        // No result at all is what pg-boss reads as "no job changed" (an empty one it would read a count from).
        return undefined as unknown as pg.QueryResult;
      }
    },
  };
}
