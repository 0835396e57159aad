/**
 * One connection taken from the pool for several statements (a transaction, a session lock). While it is out of
 * the pool, pg has no one to give its errors to: the database cutting it between two statements (a restart,
 * `pg_terminate_backend`) would be an unheard 'error' event, which ends the process. Here it is heard, the next
 * statement fails as usual, and a connection that failed is closed instead of going back to the pool.
 */
import type pg from 'pg';

export async function withPoolClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  const onError = () => (broken = true);
  client.on('error', onError);
  try {
    return await work(client);
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/** `work` in one transaction on one connection; a failure closes the connection, which rolls the transaction back. */
export function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withPoolClient(pool, async (client) => {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  });
}

/** Whether an error means "the database cannot be reached" rather than a fault of ours (the studio's stores ask too). */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  // SQLSTATE classes 08 (connection), 53 (resources), 57 (shut down, cannot connect now).
  if (typeof code === 'string' && /^(08|53|57)[0-9A-Z]{3}$/.test(code)) return true;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true;
  return error instanceof Error && /connect|terminat|timeout|not queryable|closed/i.test(error.message);
}
