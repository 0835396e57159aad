/**
 * The studio's scheduler: at start and every STUDIO_SCHEDULE_CHECK_MS (15 s by default) it claims each due
 * schedule (schedule-store.ts: once, also across studios sharing PostgreSQL) and publishes the page's draft as it is
 * then through the same publisher as the Publish button, as the publisher who scheduled it (their commit), and
 * removes the published drafts. Anything that stops it (the publisher lost the right, the draft is gone or was
 * overtaken, the content check, the build, the commit) publishes nothing and is kept as the schedule's outcome in
 * words, for the publishers to read until they dismiss it. Both ends go to the audit log.
 */
import { readContentFile, versionOrNull } from '../../scripts/editor/content-files.ts';
import type { Logger } from '../logger.ts';
import type { AccountStore } from './account-store.ts';
import type { Draft, DraftStore } from './draft-store.ts';
import { PublishError, type Publisher } from './publisher.ts';
import { may } from './roles.ts';
import type { Schedule, ScheduleStore } from './schedule-store.ts';
import type { ReviewApi } from './review-api.ts';

export interface SchedulerOptions {
  root: string;
  schedules: ScheduleStore;
  drafts: DraftStore;
  publisher: Publisher;
  store: AccountStore;
  log: Logger;
  /** Reviews (review-api.ts): a scheduled publish of a page under review names its author and ends the review. */
  review?: Pick<ReviewApi, 'publishNote' | 'published'>;
  now?: () => number;
}

/** A claim this old belongs to a studio that stopped mid-publish: another takes it. Longer than any build. */
const STALE_CLAIM_MS = 10 * 60 * 1000;
const ISSUES_SAID = 3;
/** Where the audit log says a scheduled step came from. */
const SCHEDULER_ADDRESS = "the studio's scheduler";

type Attempt = { published: true; detail: string } | { published: false; outcome: string };
const failed = (outcome: string): Attempt => ({ published: false, outcome });

export function createScheduler(options: SchedulerOptions) {
  const { root, schedules, drafts, publisher, store, log } = options;
  const now = options.now ?? Date.now;

  async function attempt(schedule: Schedule): Promise<Attempt> {
    const user = await store.user(schedule.by.email);
    if (!user || !may(user.role, 'publish')) return failed(`Not published: ${schedule.by.name} may no longer publish (the account was removed or its role changed). A publisher can schedule it again.`);
    const chosen: Draft[] = [];
    for (const file of schedule.files) {
      const draft = await drafts.get(file);
      if (!draft && file === schedule.file) return failed(`Not published: there is no draft of ${file} any more (it was published or discarded after this was scheduled).`);
      if (!draft) continue;
      const live = await readContentFile(root, file);
      if (draft.base !== versionOrNull(live)) return failed(`Not published: ${file} was published by someone else after this was scheduled. Open the page: their changes are merged into the draft there. Save it, then schedule again.`);
      chosen.push(draft);
    }
    let result;
    try {
      result = await publisher.publish(chosen, { name: user.name, email: user.email }, await options.review?.publishNote(schedule.file, user));
    } catch (error) {
      if (error instanceof PublishError) return failed(error.message);
      throw error;
    }
    if (result.kind === 'invalid') {
      const said = result.issues.slice(0, ISSUES_SAID).map((i) => `${i.file}:${i.line}:${i.column} ${i.where ? `${i.where}: ` : ''}${i.message}`);
      const more = result.issues.length > ISSUES_SAID ? ` (and ${result.issues.length - ISSUES_SAID} more)` : '';
      return failed(`${result.message} ${said.join('; ')}${more}. Open the page, fix it, save, and schedule again.`);
    }
    // Only the drafts that were published: one saved while the build ran is newer work, and stays.
    for (const draft of chosen) if ((await drafts.get(draft.file))?.savedAt === draft.savedAt) await drafts.remove(draft.file);
    if (result.kind === 'published') for (const draft of chosen) await options.review?.published({ email: user.email, name: user.name, address: SCHEDULER_ADDRESS }, draft.file, result.commit);
    const later = chosen[0]!.savedAt !== schedule.draftSavedAt ? `, with the draft saved ${chosen[0]!.savedAt} by ${chosen[0]!.savedBy.name}` : '';
    const pushed = result.kind === 'published' && result.pushError ? ` ${result.pushError}` : '';
    return { published: true, detail: result.kind === 'published' ? `commit ${result.commit}${later}${pushed}` : `${result.message}${later}` };
  }

  async function publishClaimed(schedule: Schedule): Promise<void> {
    let result: Attempt;
    try {
      result = await attempt(schedule);
    } catch (error) {
      log.error({ err: error, file: schedule.file }, 'A scheduled publish failed');
      result = failed('Not published: the studio met a fault while publishing (the cause is in its log). The live site is unchanged; schedule it again, or publish it by hand.');
    }
    await schedules.settle(schedule, result.published ? null : result.outcome);
    await store.appendAudit({
      at: new Date(now()).toISOString(),
      event: result.published ? 'published-by-schedule' : 'schedule-failed',
      actor: schedule.by.email,
      address: SCHEDULER_ADDRESS,
      subject: schedule.files.join(', '),
      detail: result.published ? result.detail : result.outcome,
    });
  }

  /** Publishes every schedule due now, one after another. */
  async function runDue(): Promise<void> {
    for (let schedule = await schedules.claimDue(now(), STALE_CLAIM_MS); schedule; schedule = await schedules.claimDue(now(), STALE_CLAIM_MS)) await publishClaimed(schedule);
  }

  return {
    runDue,
    /** Checks now and every `everyMs`, never two checks at once; returns the stop, which waits for a check under way. */
    start(everyMs: number): () => Promise<void> {
      let running: Promise<void> | undefined;
      const check = () => {
        running ??= runDue()
          .catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'The scheduler could not check for due publishes; it tries again at the next check'))
          .finally(() => (running = undefined));
      };
      check();
      const timer = setInterval(check, everyMs);
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}
