/**
 * Making, opening and revoking preview links. A link's secret is 256 random bits; the store keeps its SHA-256 only,
 * and a short id of its own (not derived from the secret) names it everywhere else. A link works for 7 days unless
 * revoked; an unknown, revoked or expired secret is refused alike, so a refusal tells nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PreviewLink, PreviewLinkStore } from './preview-link-store.ts';

export const PREVIEW_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The shape of a secret: 43 base64url characters (32 bytes). Anything else is refused before the store is asked. */
export const isPreviewSecret = (value: string) => /^[\w-]{43}$/.test(value);
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export function createPreviewLinks(store: PreviewLinkStore, now: () => number = Date.now) {
  const works = (link: PreviewLink | undefined, at: number): link is PreviewLink => link !== undefined && link.revokedAt === null && Date.parse(link.expiresAt) > at;
  return {
    /** A new link to `file`; the secret is returned here once and kept nowhere. */
    async create(file: string, by: { email: string; name: string }): Promise<{ secret: string; link: PreviewLink }> {
      const at = now();
      await store.removeExpired(new Date(at).toISOString());
      const secret = randomBytes(32).toString('base64url');
      const link: PreviewLink = {
        id: randomBytes(6).toString('base64url'),
        secretHash: hashOf(secret),
        file,
        createdBy: { email: by.email, name: by.name },
        createdAt: new Date(at).toISOString(),
        expiresAt: new Date(at + PREVIEW_LIFETIME_MS).toISOString(),
        revokedAt: null,
      };
      await store.add(link);
      return { secret, link };
    },
    /** The working link of a secret, or undefined (unknown, revoked or expired: the caller cannot tell which). */
    async open(secret: string): Promise<PreviewLink | undefined> {
      if (!isPreviewSecret(secret)) return undefined;
      const link = await store.bySecretHash(hashOf(secret));
      return works(link, now()) ? link : undefined;
    },
    /** The links of `file` that still work, oldest first. */
    async working(file: string): Promise<PreviewLink[]> {
      const at = now();
      return (await store.ofFile(file)).filter((link) => works(link, at));
    },
    /** Revokes a link of `file` that still works; undefined when there is none with this id. */
    async revoke(id: string, file: string): Promise<PreviewLink | undefined> {
      const link = (await this.working(file)).find((l) => l.id === id);
      return link && store.revoke(id, new Date(now()).toISOString());
    },
  };
}

export type PreviewLinks = ReturnType<typeof createPreviewLinks>;
