/**
 * Scheduled publishes in PostgreSQL (DATABASE_URL), one row per page. A claim is one UPDATE of the earliest due
 * row taken: two studios sharing the database never claim the same schedule.
 */
import type { Schedule, ScheduleState, ScheduleStore } from './schedule-store.ts';
import { STUDIO_SCHEMA as S } from './postgres-studio-schema.ts';
import type { StudioDatabase } from './studio-database.ts';

interface ScheduleRow {
  file: string;
  files: string[];
  at: Date;
  by_email: string;
  by_name: string;
  made_at: Date;
  draft_saved_at: Date;
  state: ScheduleState;
  claimed_at: Date | null;
  outcome: string | null;
}

const scheduleOf = (r: ScheduleRow): Schedule => ({
  file: r.file,
  files: r.files,
  at: r.at.toISOString(),
  by: { email: r.by_email, name: r.by_name },
  madeAt: r.made_at.toISOString(),
  draftSavedAt: r.draft_saved_at.toISOString(),
  state: r.state,
  claimedAt: r.claimed_at?.toISOString() ?? null,
  outcome: r.outcome,
});

const due = `((state = 'waiting' AND at <= $1) OR (state = 'publishing' AND claimed_at < $2))`;

export function createPostgresScheduleStore(db: StudioDatabase): ScheduleStore {
  return {
    async list() {
      return (await db.query<ScheduleRow>(`SELECT * FROM ${S}.schedules ORDER BY at, file`)).rows.map(scheduleOf);
    },
    async get(file) {
      const { rows } = await db.query<ScheduleRow>(`SELECT * FROM ${S}.schedules WHERE file = $1`, [file]);
      return rows[0] && scheduleOf(rows[0]);
    },
    async save(s) {
      await db.query(
        `INSERT INTO ${S}.schedules (file, files, at, by_email, by_name, made_at, draft_saved_at, state, claimed_at, outcome) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (file) DO UPDATE SET files = $2, at = $3, by_email = $4, by_name = $5, made_at = $6, draft_saved_at = $7, state = $8, claimed_at = $9, outcome = $10`,
        [s.file, s.files, new Date(s.at), s.by.email, s.by.name, new Date(s.madeAt), new Date(s.draftSavedAt), s.state, s.claimedAt && new Date(s.claimedAt), s.outcome],
      );
    },
    async remove(file) {
      await db.query(`DELETE FROM ${S}.schedules WHERE file = $1`, [file]);
    },
    async claimDue(now, staleMs) {
      const { rows } = await db.query<ScheduleRow>(
        // The condition again outside: a row another claim updated meanwhile is checked anew, and skipped.
        `UPDATE ${S}.schedules SET state = 'publishing', claimed_at = $1 WHERE ${due} AND file = (
           SELECT file FROM ${S}.schedules WHERE ${due} ORDER BY at LIMIT 1 FOR UPDATE SKIP LOCKED
         ) RETURNING *`,
        [new Date(now), new Date(now - staleMs)],
      );
      return rows[0] && scheduleOf(rows[0]);
    },
    async settle(claimed, outcome) {
      const mine = `file = $1 AND state = 'publishing' AND claimed_at = $2`;
      const at = claimed.claimedAt && new Date(claimed.claimedAt);
      if (outcome === null) await db.query(`DELETE FROM ${S}.schedules WHERE ${mine}`, [claimed.file, at]);
      else await db.query(`UPDATE ${S}.schedules SET state = 'failed', claimed_at = NULL, outcome = $3 WHERE ${mine}`, [claimed.file, at, outcome]);
    },
  };
}
