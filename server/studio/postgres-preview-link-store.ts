/**
 * Preview links in PostgreSQL (DATABASE_URL), one row per link, looked up by the hash of the secret: an index lookup
 * whose timing can only tell about a SHA-256, which says nothing about a secret.
 */
import type { PreviewLink, PreviewLinkStore } from './preview-link-store.ts';
import { STUDIO_SCHEMA as S } from './postgres-studio-schema.ts';
import type { StudioDatabase } from './studio-database.ts';

interface PreviewRow {
  id: string;
  secret_hash: string;
  file: string;
  created_by_email: string;
  created_by_name: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

const linkOf = (r: PreviewRow): PreviewLink => ({
  id: r.id,
  secretHash: r.secret_hash,
  file: r.file,
  createdBy: { email: r.created_by_email, name: r.created_by_name },
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  revokedAt: r.revoked_at?.toISOString() ?? null,
});

export function createPostgresPreviewLinkStore(db: StudioDatabase): PreviewLinkStore {
  const select = async (where: string, values: unknown[]) => (await db.query<PreviewRow>(`SELECT * FROM ${S}.preview_links WHERE ${where} ORDER BY created_at, id`, values)).rows.map(linkOf);
  return {
    async add(link) {
      await db.query(`INSERT INTO ${S}.preview_links (id, secret_hash, file, created_by_email, created_by_name, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
        link.id,
        link.secretHash,
        link.file,
        link.createdBy.email,
        link.createdBy.name,
        new Date(link.createdAt),
        new Date(link.expiresAt),
        link.revokedAt && new Date(link.revokedAt),
      ]);
    },
    bySecretHash: async (secretHash) => (await select('secret_hash = $1', [secretHash]))[0],
    ofFile: (file) => select('file = $1', [file]),
    async revoke(id, at) {
      const { rows } = await db.query<PreviewRow>(`UPDATE ${S}.preview_links SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1 RETURNING *`, [id, new Date(at)]);
      return rows[0] && linkOf(rows[0]);
    },
    async removeExpired(at) {
      await db.query(`DELETE FROM ${S}.preview_links WHERE expires_at <= $1`, [new Date(at)]);
    },
  };
}
