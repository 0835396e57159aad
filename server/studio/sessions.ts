/**
 * Server-side sessions: the cookie holds only a random id; the store holds its hash, whose user it is, and under
 * which epoch of that user (a changed password or role, or a removed user, ends every older session). A session
 * ends on sign-out, after 8 hours without a request, or 7 days after sign-in, whichever comes first.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AccountStore, StoredSession, StudioUser } from './account-store.ts';

export const IDLE_MS = 8 * 60 * 60 * 1000;
export const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A request refreshes the idle clock in the store at most this often (every request would rewrite the file). */
const TOUCH_EVERY_MS = 60 * 1000;

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

export interface SignedIn {
  user: StudioUser;
  session: StoredSession;
}

export function createSessions(store: AccountStore, now: () => number = Date.now) {
  const live = (session: StoredSession, at: number) => at - session.lastSeenAt < IDLE_MS && at - session.createdAt < LIFETIME_MS;
  return {
    /** A new session for the user; its id goes in the cookie and nowhere else. */
    async start(user: StudioUser): Promise<string> {
      const id = randomBytes(32).toString('base64url');
      const at = now();
      // Sessions that ended without a sign-out (idle, expired) are forgotten here, so the store does not grow forever.
      await store.removeEndedSessions(at - IDLE_MS, at - LIFETIME_MS);
      await store.saveSession({ idHash: hashOf(id), email: user.email, epoch: user.epoch, createdAt: at, lastSeenAt: at });
      return id;
    },
    /** The signed-in user of a cookie's id, or undefined when the session ended (it is then removed). */
    async resolve(id: string | undefined): Promise<SignedIn | undefined> {
      if (!id || !/^[\w-]{43}$/.test(id)) return undefined;
      const session = await store.session(hashOf(id));
      if (!session) return undefined;
      const at = now();
      const user = await store.user(session.email);
      if (!user || user.epoch !== session.epoch || !live(session, at)) {
        await store.removeSession(session.idHash);
        return undefined;
      }
      if (at - session.lastSeenAt >= TOUCH_EVERY_MS) await store.saveSession({ ...session, lastSeenAt: at });
      return { user, session };
    },
    async end(id: string): Promise<void> {
      await store.removeSession(hashOf(id));
    },
  };
}
