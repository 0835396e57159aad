/**
 * The studio's accounts in PostgreSQL (DATABASE_URL), for a studio whose data should live with the enquiries'
 * rather than in DATA_DIR: users by lower-case e-mail, sessions by the hash of their id, the first admin's link
 * by its hash, and the audit log, which a trigger keeps append-only (postgres-studio-schema.ts).
 */
import { normaliseEmail, type AccountStore, type AuditEntry, type StoredSession, type StudioUser } from './account-store.ts';
import { STUDIO_SCHEMA as S } from './postgres-studio-schema.ts';
import type { StudioDatabase } from './studio-database.ts';
import type { Role } from './roles.ts';

interface UserRow {
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  epoch: number;
  created_at: Date;
}

interface SessionRow {
  id_hash: string;
  email: string;
  epoch: number;
  created_at: Date;
  last_seen_at: Date;
}

interface AuditRow {
  at: Date;
  event: AuditEntry['event'];
  actor: string | null;
  address: string;
  subject: string | null;
  detail: string | null;
}

const userOf = (r: UserRow): StudioUser => ({ email: r.email, name: r.name, role: r.role, passwordHash: r.password_hash, epoch: r.epoch, createdAt: r.created_at.toISOString() });
const sessionOf = (r: SessionRow): StoredSession => ({ idHash: r.id_hash, email: r.email, epoch: r.epoch, createdAt: r.created_at.getTime(), lastSeenAt: r.last_seen_at.getTime() });
const auditOf = (r: AuditRow): AuditEntry => ({
  at: r.at.toISOString(),
  event: r.event,
  actor: r.actor,
  address: r.address,
  ...(r.subject === null ? {} : { subject: r.subject }),
  ...(r.detail === null ? {} : { detail: r.detail }),
});

export function createPostgresAccountStore(db: StudioDatabase): AccountStore {
  return {
    async users() {
      return (await db.query<UserRow>(`SELECT * FROM ${S}.users ORDER BY created_at, email`)).rows.map(userOf);
    },
    async user(email) {
      const { rows } = await db.query<UserRow>(`SELECT * FROM ${S}.users WHERE email = $1`, [normaliseEmail(email)]);
      return rows[0] && userOf(rows[0]);
    },
    async saveUser(user) {
      await db.query(
        `INSERT INTO ${S}.users (email, name, role, password_hash, epoch, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (email) DO UPDATE SET name = $2, role = $3, password_hash = $4, epoch = $5, created_at = $6`,
        [normaliseEmail(user.email), user.name, user.role, user.passwordHash, user.epoch, new Date(user.createdAt)],
      );
    },
    async removeUser(email) {
      // Their sessions go with them (they would be refused anyway: sessions.ts finds no user).
      return db.transaction(async (client) => {
        const { rowCount } = await client.query(`DELETE FROM ${S}.users WHERE email = $1`, [normaliseEmail(email)]);
        await client.query(`DELETE FROM ${S}.sessions WHERE email = $1`, [normaliseEmail(email)]);
        return (rowCount ?? 0) > 0;
      });
    },
    async session(idHash) {
      const { rows } = await db.query<SessionRow>(`SELECT * FROM ${S}.sessions WHERE id_hash = $1`, [idHash]);
      return rows[0] && sessionOf(rows[0]);
    },
    async saveSession(s) {
      await db.query(
        `INSERT INTO ${S}.sessions (id_hash, email, epoch, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id_hash) DO UPDATE SET email = $2, epoch = $3, created_at = $4, last_seen_at = $5`,
        [s.idHash, s.email, s.epoch, new Date(s.createdAt), new Date(s.lastSeenAt)],
      );
    },
    async removeSession(idHash) {
      await db.query(`DELETE FROM ${S}.sessions WHERE id_hash = $1`, [idHash]);
    },
    async removeEndedSessions(seenBefore, madeBefore) {
      await db.query(`DELETE FROM ${S}.sessions WHERE last_seen_at < $1 OR created_at < $2`, [new Date(seenBefore), new Date(madeBefore)]);
    },
    async setupToken() {
      const { rows } = await db.query<{ hash: string; expires_at: Date }>(`SELECT hash, expires_at FROM ${S}.setup_token`);
      return rows[0] && { hash: rows[0].hash, expiresAt: rows[0].expires_at.getTime() };
    },
    async saveSetupToken(token) {
      if (!token) await db.query(`DELETE FROM ${S}.setup_token`);
      else await db.query(`INSERT INTO ${S}.setup_token (hash, expires_at) VALUES ($1, $2) ON CONFLICT (only_one) DO UPDATE SET hash = $1, expires_at = $2`, [token.hash, new Date(token.expiresAt)]);
    },
    async appendAudit(entry) {
      await db.query(`INSERT INTO ${S}.audit (at, event, actor, address, subject, detail) VALUES ($1, $2, $3, $4, $5, $6)`, [new Date(entry.at), entry.event, entry.actor, entry.address, entry.subject ?? null, entry.detail ?? null]);
    },
    async audit() {
      return (await db.query<AuditRow>(`SELECT at, event, actor, address, subject, detail FROM ${S}.audit ORDER BY id`)).rows.map(auditOf);
    },
  };
}
