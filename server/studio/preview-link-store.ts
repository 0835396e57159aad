/**
 * Preview links: who shared which page's draft, when, until when, and whether it was revoked. The link's secret is
 * never kept, only its SHA-256 (as sessions keep their ids): a copy of the store opens no preview. One interface;
 * a file in DATA_DIR/studio/ (here) or PostgreSQL when DATABASE_URL is set (postgres-preview-link-store.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { readJson, serially, writeJson } from './json-files.ts';

export interface PreviewLink {
  /** Short and not secret: names the link in lists, in Revoke and in the audit log. */
  id: string;
  /** SHA-256 of the secret in the link, base64url. */
  secretHash: string;
  /** The page's content file, "pages/about.json". */
  file: string;
  createdBy: { email: string; name: string };
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface PreviewLinkStore {
  add(link: PreviewLink): Promise<void>;
  /** The link whose secret has this hash, or undefined. */
  bySecretHash(secretHash: string): Promise<PreviewLink | undefined>;
  /** Every link of a file, revoked and expired ones included. */
  ofFile(file: string): Promise<PreviewLink[]>;
  /** Marks the link revoked; returns it, or undefined when there is no link with this id. */
  revoke(id: string, at: string): Promise<PreviewLink | undefined>;
  /** Forgets links that stopped working before `at` (the audit log keeps their story). */
  removeExpired(at: string): Promise<void>;
}

/** Equal hashes, compared in time that does not depend on where they differ. */
export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createFilePreviewLinkStore(dataDir: string): PreviewLinkStore {
  const file = path.join(dataDir, 'studio', 'preview-links.json');
  const queue = serially();
  const all = () => readJson<PreviewLink[]>(file, []);
  const change = (update: (links: PreviewLink[]) => PreviewLink[]) => queue(async () => writeJson(file, update(await all())));
  return {
    add: (link) => change((links) => [...links, link]),
    async bySecretHash(secretHash) {
      // Every link compared, none skipped: the time taken says nothing about which hash came close.
      let found: PreviewLink | undefined;
      for (const link of await all()) if (sameHash(link.secretHash, secretHash)) found = link;
      return found;
    },
    async ofFile(name) {
      return (await all()).filter((link) => link.file === name);
    },
    async revoke(id, at) {
      let revoked: PreviewLink | undefined;
      await change((links) => links.map((link) => (link.id === id ? (revoked = { ...link, revokedAt: link.revokedAt ?? at }) : link)));
      return revoked;
    },
    removeExpired: (at) => change((links) => links.filter((link) => link.expiresAt > at)),
  };
}
