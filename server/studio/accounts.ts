/**
 * What can be done to the studio's accounts, by the studio:user tool and by the studio server alike: add, change
 * the role of, remove, set a password, sign in, and the first admin's one-time setup. Every change is written to
 * the audit log with who did it and from where.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { normaliseEmail, type AccountStore, type AuditEntry, type StudioUser } from './account-store.ts';
import { hashPassword, NO_USER_HASH, passwordProblem, verifyPassword } from './password-hash.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import type { Role } from './roles.ts';

/** A request that cannot be done, said for the person who asked. */
export class AccountError extends Error {}

/** Who asks: an e-mail (or null before anyone signed in) and the address, "command line" for the tool. */
export interface Actor {
  email: string | null;
  address: string;
}

const SETUP_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const tokenHash = (token: string) => createHash('sha256').update(token).digest();

export type SignInResult = { kind: 'signed-in'; user: StudioUser } | { kind: 'refused' } | { kind: 'throttled'; waitMs: number };

export function createAccounts(store: AccountStore, now: () => number = Date.now) {
  const throttle = createSignInThrottle(now);
  const audit = (actor: Actor, event: AuditEntry['event'], subject?: string, detail?: string) =>
    store.appendAudit({ at: new Date(now()).toISOString(), event, actor: actor.email, address: actor.address, ...(subject ? { subject } : {}), ...(detail ? { detail } : {}) });
  const existing = async (email: string) => {
    const user = await store.user(email);
    if (!user) throw new AccountError(`There is no studio user "${normaliseEmail(email)}". See who there is with: npm run studio:user -- list`);
    return user;
  };
  const checkedHash = async (password: string) => {
    const problem = passwordProblem(password);
    if (problem) throw new AccountError(problem);
    return hashPassword(password);
  };

  const accounts = {
    async add(input: { email: string; name: string; role: Role; password: string }, actor: Actor): Promise<StudioUser> {
      const email = normaliseEmail(input.email);
      if (!input.name.trim()) throw new AccountError('Write a name, such as "Ana Lima": it signs the changes published.');
      if (!email) throw new AccountError('Write an e-mail address, such as ana@example.com: it is the name to sign in with.');
      if (!EMAIL.test(email)) throw new AccountError(`"${input.email}" is not an e-mail address; write one such as ana@example.com.`);
      if (await store.user(email)) throw new AccountError(`${email} is already a studio user. Change their role with "role", or their password with "reset-password".`);
      const user: StudioUser = { email, name: input.name.trim(), role: input.role, passwordHash: await checkedHash(input.password), epoch: 1, createdAt: new Date(now()).toISOString() };
      await store.saveUser(user);
      await audit(actor, 'user-added', email, `role ${input.role}`);
      return user;
    },
    async changeRole(email: string, role: Role, actor: Actor): Promise<void> {
      const user = await existing(email);
      if (user.role === role) return;
      await store.saveUser({ ...user, role, epoch: user.epoch + 1 });
      await audit(actor, 'role-changed', user.email, `${user.role} → ${role}`);
    },
    async remove(email: string, actor: Actor): Promise<void> {
      const user = await existing(email);
      await store.removeUser(user.email);
      await audit(actor, 'user-removed', user.email);
    },
    async resetPassword(email: string, password: string, actor: Actor): Promise<void> {
      const user = await existing(email);
      await store.saveUser({ ...user, passwordHash: await checkedHash(password), epoch: user.epoch + 1 });
      await audit(actor, 'password-reset', user.email);
    },
    /** The same answer, after the same work, for an unknown e-mail and a wrong password. */
    async signIn(email: string, password: string, address: string): Promise<SignInResult> {
      const key = normaliseEmail(email);
      const waitMs = throttle.waitMs(key, address);
      if (waitMs > 0) {
        await audit({ email: null, address }, 'sign-in-throttled', key);
        return { kind: 'throttled', waitMs };
      }
      const user = await store.user(key);
      const matches = await verifyPassword(password, user?.passwordHash ?? NO_USER_HASH);
      if (!user || !matches) {
        throttle.failed(key, address);
        await audit({ email: null, address }, 'sign-in-failed', key);
        return { kind: 'refused' };
      }
      throttle.succeeded(key);
      await audit({ email: user.email, address }, 'sign-in');
      return { kind: 'signed-in', user };
    },
    async needsFirstAdmin(): Promise<boolean> {
      return (await store.users()).length === 0;
    },
    /** A new one-time setup secret (the old one stops working); only its hash is kept. */
    async issueSetupToken(): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await store.saveSetupToken({ hash: tokenHash(token).toString('base64url'), expiresAt: now() + SETUP_LINK_LIFETIME_MS });
      return token;
    },
    async setUpFirstAdmin(token: string, input: { email: string; name: string; password: string }, address: string): Promise<StudioUser> {
      const stored = await store.setupToken();
      const expected = stored ? Buffer.from(stored.hash, 'base64url') : undefined;
      const valid = expected !== undefined && stored!.expiresAt > now() && timingSafeEqual(tokenHash(token), expected);
      if (!valid || !(await accounts.needsFirstAdmin())) throw new AccountError('This setup link is used, expired or wrong. Restart the studio to get a new one in its terminal.');
      const user = await accounts.add({ ...input, role: 'admin' }, { email: null, address });
      await store.saveSetupToken(undefined);
      await audit({ email: user.email, address }, 'first-admin', user.email);
      return user;
    },
  };
  return accounts;
}
