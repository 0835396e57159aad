/**
 * Drafts in PostgreSQL (DATABASE_URL), one row per content file. The value is kept as `json`, as it was sent:
 * the page's keys keep their order, so publishing a draft changes only the lines that were edited.
 */
import type { Draft, DraftStore } from './draft-store.ts';
import { STUDIO_SCHEMA as S } from './postgres-studio-schema.ts';
import type { StudioDatabase } from './studio-database.ts';

interface DraftRow {
  file: string;
  value: unknown;
  base: string | null;
  saved_by_email: string;
  saved_by_name: string;
  saved_at: Date;
}

const draftOf = (r: DraftRow): Draft => ({ file: r.file, value: r.value, base: r.base, savedBy: { email: r.saved_by_email, name: r.saved_by_name }, savedAt: r.saved_at.toISOString() });

export function createPostgresDraftStore(db: StudioDatabase): DraftStore {
  return {
    async list() {
      return (await db.query<DraftRow>(`SELECT * FROM ${S}.drafts ORDER BY file`)).rows.map(draftOf);
    },
    async get(file) {
      const { rows } = await db.query<DraftRow>(`SELECT * FROM ${S}.drafts WHERE file = $1`, [file]);
      return rows[0] && draftOf(rows[0]);
    },
    async save(draft) {
      // Sent as text: pg would turn a top-level array into a PostgreSQL array, not JSON.
      await db.query(
        `INSERT INTO ${S}.drafts (file, value, base, saved_by_email, saved_by_name, saved_at) VALUES ($1, $2::json, $3, $4, $5, $6)
         ON CONFLICT (file) DO UPDATE SET value = $2::json, base = $3, saved_by_email = $4, saved_by_name = $5, saved_at = $6`,
        [draft.file, JSON.stringify(draft.value ?? null), draft.base, draft.savedBy.email, draft.savedBy.name, new Date(draft.savedAt)],
      );
    },
    async remove(file) {
      await db.query(`DELETE FROM ${S}.drafts WHERE file = $1`, [file]);
    },
  };
}
