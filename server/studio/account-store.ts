/**
 * What the studio keeps about its people: the users, their sessions, the one-time link for the first admin and
 * the audit log. One interface; the files in DATA_DIR are its embedded default (file-account-store.ts), PostgreSQL
 * when DATABASE_URL is set (postgres-account-store.ts); open-studio-stores.ts chooses.
 */
import type { Role } from './roles.ts';

export interface StudioUser {
  /** Lower-case; the sign-in name. */
  email: string;
  name: string;
  role: Role;
  /** null until the user has set a password (never the password itself). */
  passwordHash: string | null;
  /** Rises when the password or role changes: every session made under an older one ends. */
  epoch: number;
  createdAt: string;
}

export interface StoredSession {
  /** SHA-256 of the cookie's id: a copy of the store gives no one a working cookie. */
  idHash: string;
  email: string;
  epoch: number;
  createdAt: number;
  lastSeenAt: number;
}

export type AuditEvent =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-throttled'
  | 'sign-out'
  | 'first-admin'
  | 'user-added'
  | 'user-removed'
  | 'role-changed'
  | 'password-reset'
  | 'published'
  | 'restored'
  | 'uploaded'
  | 'preview-shared'
  | 'preview-revoked'
  | ScheduleEvent
  | ReviewEvent;

/** A timed publish: made, changed, cancelled (or its failure dismissed), and what came of it. */
export type ScheduleEvent = 'publish-scheduled' | 'schedule-changed' | 'schedule-cancelled' | 'published-by-schedule' | 'schedule-failed';

/** A review before publishing: asked for, sent back with a comment, approved (published), or ended by a discard. */
export type ReviewEvent = 'review-requested' | 'review-sent-back' | 'review-approved' | 'review-withdrawn';

export interface AuditEntry {
  at: string;
  event: AuditEvent;
  /** Who did it (an e-mail), or null when no one was signed in. */
  actor: string | null;
  /** The address it came from; "command line" for the studio:user tool. */
  address: string;
  /** What it was done to: the user affected, the e-mail a failed sign-in tried. */
  subject?: string;
  detail?: string;
}

export interface SetupToken {
  hash: string;
  expiresAt: number;
}

export interface AccountStore {
  users(): Promise<StudioUser[]>;
  user(email: string): Promise<StudioUser | undefined>;
  /** Adds or replaces the user with this e-mail. */
  saveUser(user: StudioUser): Promise<void>;
  removeUser(email: string): Promise<boolean>;
  session(idHash: string): Promise<StoredSession | undefined>;
  saveSession(session: StoredSession): Promise<void>;
  removeSession(idHash: string): Promise<void>;
  /** Forgets every session last seen before `seenBefore` or made before `madeBefore`: ended ones, never used again. */
  removeEndedSessions(seenBefore: number, madeBefore: number): Promise<void>;
  setupToken(): Promise<SetupToken | undefined>;
  saveSetupToken(token: SetupToken | undefined): Promise<void>;
  /** Appends; nothing ever rewrites or removes an entry. */
  appendAudit(entry: AuditEntry): Promise<void>;
  audit(): Promise<AuditEntry[]>;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
