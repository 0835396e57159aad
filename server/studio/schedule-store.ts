/**
 * Scheduled publishes: one per page at most, kept until it is published (then removed) or fails (then kept with
 * the reason, until a publisher dismisses it). In DATA_DIR/studio/schedules.json (here) or in PostgreSQL when
 * DATABASE_URL is set (postgres-schedule-store.ts); open-studio-stores.ts picks. The scheduler claims a due schedule
 * before it publishes it, so no schedule is published twice; a claim older than `staleMs` (a studio that stopped
 * mid-publish) is taken again.
 */
import path from 'node:path';
import { pageRecords } from './json-files.ts';

export type ScheduleState = 'waiting' | 'publishing' | 'failed';

export interface Schedule {
  /** The page's content file ("pages/about.json"), or pages.json alone: the key. */
  file: string;
  /** What is published: the page and, when it had a draft too at scheduling, pages.json. */
  files: string[];
  /** When, in UTC (ISO 8601). */
  at: string;
  /** The publisher who scheduled it: the commit is theirs. */
  by: { email: string; name: string };
  madeAt: string;
  /** The page draft's savedAt when it was scheduled (a later save is published too, and said so). */
  draftSavedAt: string;
  state: ScheduleState;
  /** When the scheduler took it (state "publishing"). */
  claimedAt: string | null;
  /** Why it failed, in words (state "failed"). */
  outcome: string | null;
}

export interface ScheduleStore {
  list(): Promise<Schedule[]>;
  get(file: string): Promise<Schedule | undefined>;
  /** Adds or replaces the page's schedule. */
  save(schedule: Schedule): Promise<void>;
  remove(file: string): Promise<void>;
  /** One waiting schedule due at `now` (or a stale claim), marked publishing; no two callers get the same one. */
  claimDue(now: number, staleMs: number): Promise<Schedule | undefined>;
  /** Ends a claim: removes the schedule (published) or keeps it as failed with `outcome`, if the claim is still this one. */
  settle(claimed: Schedule, outcome: string | null): Promise<void>;
}

const isDue = (s: Schedule, now: number, staleMs: number) => (s.state === 'waiting' && Date.parse(s.at) <= now) || (s.state === 'publishing' && Date.parse(s.claimedAt ?? '') < now - staleMs);

export function createFileScheduleStore(dataDir: string): ScheduleStore {
  const { all, change, get, save, remove } = pageRecords<Schedule>(path.join(dataDir, 'studio', 'schedules.json'));
  return {
    list: all,
    get,
    save,
    remove,
    claimDue: (now, staleMs) =>
      change((list) => {
        const due = list.filter((s) => isDue(s, now, staleMs)).sort((a, b) => a.at.localeCompare(b.at))[0];
        if (!due) return { list, result: undefined };
        const claimed: Schedule = { ...due, state: 'publishing', claimedAt: new Date(now).toISOString() };
        return { list: list.map((s) => (s === due ? claimed : s)), result: claimed };
      }),
    settle: (claimed, outcome) =>
      change((list) => {
        const mine = (s: Schedule) => s.file === claimed.file && s.state === 'publishing' && s.claimedAt === claimed.claimedAt;
        const next = outcome === null ? list.filter((s) => !mine(s)) : list.map((s) => (mine(s) ? { ...s, state: 'failed' as const, claimedAt: null, outcome } : s));
        return { list: next, result: undefined };
      }),
  };
}
