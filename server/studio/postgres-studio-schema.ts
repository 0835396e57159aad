/**
 * The studio's tables in PostgreSQL, in a schema of their own (`studio`) beside the enquiries' in the same
 * database. Migrated on first use, under the enquiries' start lock, by the same code (postgres-schema.ts): a studio,
 * the studio:user tool and the site's servers starting together wait for each other instead of racing.
 */
import type pg from 'pg';
import { applyMigrations, underStartLock } from '../enquiries/postgres-schema.ts';
import { ROLES } from './roles.ts';

export const STUDIO_SCHEMA = 'studio';
const S = STUDIO_SCHEMA;

/** Never edit a migration that has shipped: add the next one. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE ${S}.users (
     -- The sign-in name, lower-case (account-store.ts normaliseEmail): one user per address, whatever its case.
     email text PRIMARY KEY CHECK (email = lower(email)),
     name text NOT NULL,
     role text NOT NULL CHECK (role IN (${ROLES.map((r) => `'${r}'`).join(', ')})),
     password_hash text,
     epoch integer NOT NULL,
     created_at timestamptz NOT NULL
   );
   -- Keyed by the SHA-256 of the cookie's id: the table gives no one a working cookie.
   CREATE TABLE ${S}.sessions (
     id_hash text PRIMARY KEY,
     email text NOT NULL,
     epoch integer NOT NULL,
     created_at timestamptz NOT NULL,
     last_seen_at timestamptz NOT NULL
   );
   CREATE INDEX sessions_by_email ON ${S}.sessions (email);
   -- At most one row: the first admin's one-time link, by its hash.
   CREATE TABLE ${S}.setup_token (
     only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
     hash text NOT NULL,
     expires_at timestamptz NOT NULL
   );
   CREATE TABLE ${S}.audit (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     at timestamptz NOT NULL,
     event text NOT NULL,
     actor text,
     address text NOT NULL,
     subject text,
     detail text
   );
   -- Append-only for everyone, the studio's own code included: a change or removal of an entry is refused.
   -- (The owner of the table can still drop the trigger: keep the studio's database user from owning it if that matters.)
   CREATE FUNCTION ${S}.refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       RAISE EXCEPTION 'the studio''s audit log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
     END
   $$;
   CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON ${S}.audit FOR EACH ROW EXECUTE FUNCTION ${S}.refuse_audit_change();
   CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON ${S}.audit FOR EACH STATEMENT EXECUTE FUNCTION ${S}.refuse_audit_change();
   -- A draft's value as json, not jsonb: jsonb would reorder the page's keys, and a publish would rewrite every line.
   CREATE TABLE ${S}.drafts (
     file text PRIMARY KEY,
     value json NOT NULL,
     base text,
     saved_by_email text NOT NULL,
     saved_by_name text NOT NULL,
     saved_at timestamptz NOT NULL
   );`,
  // Preview links (preview-link-store.ts): the secret's SHA-256 only, never the secret.
  `CREATE TABLE ${S}.preview_links (
     id text PRIMARY KEY,
     secret_hash text NOT NULL UNIQUE,
     file text NOT NULL,
     created_by_email text NOT NULL,
     created_by_name text NOT NULL,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL,
     revoked_at timestamptz
   );
   CREATE INDEX preview_links_by_file ON ${S}.preview_links (file);`,
  // Scheduled publishes (postgres-schedule-store.ts): one per page; the scheduler finds the due ones by time.
  `CREATE TABLE ${S}.schedules (
     file text PRIMARY KEY,
     files text[] NOT NULL,
     at timestamptz NOT NULL,
     by_email text NOT NULL,
     by_name text NOT NULL,
     made_at timestamptz NOT NULL,
     draft_saved_at timestamptz NOT NULL,
     state text NOT NULL CHECK (state IN ('waiting', 'publishing', 'failed')),
     claimed_at timestamptz,
     outcome text
   );
   CREATE INDEX schedules_by_time ON ${S}.schedules (at);`,
  // Reviews before publishing (postgres-review-store.ts): one per page.
  `CREATE TABLE ${S}.reviews (
     file text PRIMARY KEY,
     state text NOT NULL CHECK (state IN ('requested', 'sent-back')),
     author_email text NOT NULL,
     author_name text NOT NULL,
     requested_at timestamptz NOT NULL,
     note text,
     reviewer_email text,
     reviewer_name text,
     comment text,
     answered_at timestamptz
   );`,
];

export const LATEST_STUDIO_SCHEMA_VERSION = MIGRATIONS.length;

export const migrateStudio = (pool: pg.Pool): Promise<void> => underStartLock(pool, () => applyMigrations(pool, STUDIO_SCHEMA, MIGRATIONS));
