/**
 * Delivery from PostgreSQL: each queued enquiry is one pg-boss job carrying its id. Every instance runs a few
 * workers; pg-boss hands each job to one of them (SKIP LOCKED), retries a failure with exponential backoff
 * and jitter (1–2 s, then 2–4 s, 4–8 s … for about a day) and moves a job whose tries ran out to the dead-letter
 * queue. The enquiry's own row says whether it is queued, delivered or dead, so a job that comes back after
 * a crash never sends a delivered enquiry again, and a retry carries the same Message-ID (enquiry-message.ts).
 */
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { enquiryMessage } from '../mail/enquiry-message.ts';
import { isPermanentFailure, SEND_CONCURRENCY } from '../mail/mail-transport.ts';
import type { DeliveryTarget } from './enquiry-store.ts';
import { recordOfRow, type EnquiryRow } from './postgres-rows.ts';
import { SCHEMA } from './postgres-schema.ts';

export const MAIL_QUEUE = 'enquiry-mail';
export const DEAD_QUEUE = 'enquiry-mail-dead';

/** 16 retries doubling from 1–2 s: the last one comes 18 to 36 hours after the enquiry. */
const RETRY_LIMIT = 16;
/**
 * A send still running after this long is taken as lost and tried again (the SMTP transport gives up on a silent
 * server after 20 s). The queue's default; the instance that accepts an enquiry gives its job its own expiry.
 */
export const DEFAULT_SEND_EXPIRY_S = 60;
const POLLING_S = 1;

export async function createQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(DEAD_QUEUE, { name: DEAD_QUEUE });
  await boss.createQueue(MAIL_QUEUE, { name: MAIL_QUEUE, retryLimit: RETRY_LIMIT, retryDelay: 1, retryBackoff: true, expireInSeconds: DEFAULT_SEND_EXPIRY_S, deadLetter: DEAD_QUEUE });
}

interface MailJob {
  id: string;
}

export function markDead(pool: pg.Pool, id: string, reason: string) {
  return pool.query(`UPDATE ${SCHEMA}.enquiry SET state = 'dead', dead_at = now(), last_error = $2 WHERE id = $1 AND state = 'queued'`, [id, reason]);
}

/** Starts this instance's workers; resolves to their ids (to wake them when an enquiry arrives here). */
export async function workOnEnquiries(boss: PgBoss, pool: pg.Pool, { transport, addresses, log }: DeliveryTarget): Promise<string[]> {
  const deliver = async (job: PgBoss.JobWithMetadata<MailJob>) => {
    const { id } = job.data;
    const { rows } = await pool.query<EnquiryRow>(`SELECT id, received_at, fields, state, attempts, last_error, dead_at FROM ${SCHEMA}.enquiry WHERE id = $1`, [id]);
    const row = rows[0];
    // Delivered already (the job came back after a crash), or dead: nothing to send.
    if (!row || row.state !== 'queued') return;
    const attempts = row.attempts + 1;
    try {
      await transport.send(enquiryMessage(recordOfRow(row), addresses));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isPermanentFailure(error) || job.retryCount >= job.retryLimit) {
        await markDead(pool, id, reason);
        log.error({ enquiry: id, attempts, reason }, 'Enquiry moved to the dead letters: it cannot be delivered');
        return;
      }
      await pool.query(`UPDATE ${SCHEMA}.enquiry SET attempts = $2, last_error = $3 WHERE id = $1`, [id, attempts, reason]);
      log.warn({ enquiry: id, attempts, reason }, 'Enquiry not delivered yet; trying again');
      throw error;
    }
    await pool.query(`UPDATE ${SCHEMA}.enquiry SET state = 'delivered', delivered_at = now(), attempts = $2, last_error = NULL WHERE id = $1`, [id, attempts]);
    log.info({ enquiry: id, attempts }, 'Enquiry delivered');
  };

  const ids: string[] = [];
  for (let i = 0; i < SEND_CONCURRENCY; i++) {
    ids.push(await boss.work<MailJob>(MAIL_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: POLLING_S }, async ([job]) => deliver(job!)));
  }
  // A job lands here when its last try never finished (the instance died while sending it).
  await boss.work<MailJob>(DEAD_QUEUE, { pollingIntervalSeconds: 10 }, async (jobs) => {
    for (const job of jobs) {
      const { rowCount } = await markDead(pool, job.data.id, 'Its last delivery attempt did not finish (the server stopped while sending it).');
      if (rowCount) log.error({ enquiry: job.data.id }, 'Enquiry moved to the dead letters: it cannot be delivered');
    }
  });
  return ids;
}
