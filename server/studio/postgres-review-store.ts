/** Reviews before publishing in PostgreSQL (DATABASE_URL), one row per page (review-store.ts says what they are). */
import type { Review, ReviewState, ReviewStore } from './review-store.ts';
import { STUDIO_SCHEMA as S } from './postgres-studio-schema.ts';
import type { StudioDatabase } from './studio-database.ts';

interface ReviewRow {
  file: string;
  state: ReviewState;
  author_email: string;
  author_name: string;
  requested_at: Date;
  note: string | null;
  reviewer_email: string | null;
  reviewer_name: string | null;
  comment: string | null;
  answered_at: Date | null;
}

const reviewOf = (r: ReviewRow): Review => ({
  file: r.file,
  state: r.state,
  author: { email: r.author_email, name: r.author_name },
  requestedAt: r.requested_at.toISOString(),
  note: r.note,
  reviewer: r.reviewer_email === null ? null : { email: r.reviewer_email, name: r.reviewer_name ?? '' },
  comment: r.comment,
  answeredAt: r.answered_at?.toISOString() ?? null,
});

export function createPostgresReviewStore(db: StudioDatabase): ReviewStore {
  return {
    async list() {
      return (await db.query<ReviewRow>(`SELECT * FROM ${S}.reviews ORDER BY requested_at, file`)).rows.map(reviewOf);
    },
    async get(file) {
      const { rows } = await db.query<ReviewRow>(`SELECT * FROM ${S}.reviews WHERE file = $1`, [file]);
      return rows[0] && reviewOf(rows[0]);
    },
    async save(r) {
      await db.query(
        `INSERT INTO ${S}.reviews (file, state, author_email, author_name, requested_at, note, reviewer_email, reviewer_name, comment, answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (file) DO UPDATE SET state = $2, author_email = $3, author_name = $4, requested_at = $5, note = $6, reviewer_email = $7, reviewer_name = $8, comment = $9, answered_at = $10`,
        [r.file, r.state, r.author.email, r.author.name, new Date(r.requestedAt), r.note, r.reviewer?.email ?? null, r.reviewer?.name ?? null, r.comment, r.answeredAt && new Date(r.answeredAt)],
      );
    },
    async remove(file) {
      await db.query(`DELETE FROM ${S}.reviews WHERE file = $1`, [file]);
    },
  };
}
