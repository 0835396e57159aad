/**
 * Scheduled publishing's actions (the same route shape as content-api.ts; studio-server.ts checks session, role,
 * Origin and JSON body first): the schedules, for the page list and the editor; schedule a saved draft at a UTC
 * instant, or move it; cancel it (or dismiss its failure). The scheduler (scheduler.ts) publishes them. What is
 * published is the draft as it is at that time: a save after scheduling is included, since the publisher chose
 * the page, not one version of it.
 */
import { checkedPageName, ContentFileError, readContentFile, versionOrNull } from '../../scripts/editor/content-files.ts';
import { SITE_FILE } from '../../src/editor/shared/editor-contract.ts';
import type { AccountStore, ScheduleEvent } from './account-store.ts';
import type { Answer, ContentRequest, ContentRoute } from './content-api.ts';
import type { DraftStore } from './draft-store.ts';
import type { Schedule, ScheduleStore } from './schedule-store.ts';

export interface ScheduleApiOptions {
  root: string;
  drafts: DraftStore;
  schedules: ScheduleStore;
  store: AccountStore;
  now?: () => number;
}

/** Far enough for a launch planned a season ahead; a typo of a year is refused. */
const LATEST_MS = 366 * 24 * 60 * 60 * 1000;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

const refused = (status: number, message: string): Answer => ({ status, body: { message } });

function fileNamed(value: unknown): string {
  if (typeof value !== 'string') throw new ContentFileError('Say which page: "file" is "pages/<name>.json" (or "pages.json").', 400);
  checkedPageName(value);
  return value;
}

/** What the page list and the editor see of a schedule: no e-mail address, no claim. */
const shown = (s: Schedule) => ({ file: s.file, files: s.files, at: s.at, by: s.by.name, madeAt: s.madeAt, state: s.state, outcome: s.outcome });

export function createScheduleApi(options: ScheduleApiOptions): { reads: Record<string, ContentRoute>; writes: Record<string, ContentRoute> } {
  const { root, drafts, schedules, store } = options;
  const now = options.now ?? Date.now;
  const audit = (request: ContentRequest, event: ScheduleEvent, subject: string, detail: string) => store.appendAudit({ at: new Date(now()).toISOString(), event, actor: request.who.user.email, address: request.address, subject, detail });

  /** The instant asked for, or why it cannot be: not a UTC time, past, or too far ahead. */
  function instantOf(value: unknown): number | string {
    const at = typeof value === 'string' && ISO_UTC.test(value) ? Date.parse(value) : NaN;
    if (Number.isNaN(at)) return 'Refused: "at" must be a time in UTC, as in "2026-11-30T03:30:00.000Z".';
    if (at <= now()) return 'Refused: that time has passed. Choose a time in the future.';
    if (at > now() + LATEST_MS) return 'Refused: that is more than a year ahead. Choose a nearer time.';
    return at;
  }

  const reads: Record<string, ContentRoute> = {
    '/studio/api/schedules': {
      action: 'edit',
      run: async () => ({ status: 200, body: { schedules: (await schedules.list()).map(shown) } }),
    },
  };

  const writes: Record<string, ContentRoute> = {
    '/studio/api/schedule': {
      action: 'publish',
      async run(request) {
        const file = fileNamed(request.body.file);
        const at = instantOf(request.body.at);
        if (typeof at === 'string') return refused(400, at);
        const draft = await drafts.get(file);
        if (!draft) return refused(409, `There is no saved draft of ${file} to schedule. Save your edits first, then schedule.`);
        const live = await readContentFile(root, file);
        if (draft.base !== versionOrNull(live)) return refused(409, `${file} was published by someone else since this draft was started. Open the page: their changes are merged into the draft there. Save it, then schedule.`);
        const before = await schedules.get(file);
        if (before?.state === 'publishing') return refused(409, `${file} is being published by its schedule right now. Wait a minute and look again.`);
        const siteDraft = file !== SITE_FILE && (await drafts.get(SITE_FILE));
        const { who } = request;
        const schedule: Schedule = {
          file,
          files: siteDraft ? [file, SITE_FILE] : [file],
          at: new Date(at).toISOString(),
          by: { email: who.user.email, name: who.user.name },
          madeAt: new Date(now()).toISOString(),
          draftSavedAt: draft.savedAt,
          state: 'waiting',
          claimedAt: null,
          outcome: null,
        };
        await schedules.save(schedule);
        await audit(request, before ? 'schedule-changed' : 'publish-scheduled', schedule.files.join(', '), `at ${schedule.at}${before ? ` (was ${before.at})` : ''}`);
        return { status: 200, body: { schedule: shown(schedule), message: 'Scheduled. The draft is published as it is at that time, with any edits saved until then.' } };
      },
    },
    '/studio/api/unschedule': {
      action: 'publish',
      async run(request) {
        const file = fileNamed(request.body.file);
        const before = await schedules.get(file);
        if (!before) return refused(404, `Nothing is scheduled for ${file}.`);
        if (before.state === 'publishing') return refused(409, `${file} is being published by its schedule right now; it can no longer be cancelled.`);
        await schedules.remove(file);
        await audit(request, 'schedule-cancelled', before.files.join(', '), before.state === 'failed' ? `failure dismissed: ${before.outcome ?? ''}` : `was at ${before.at}`);
        return { status: 200, body: { message: before.state === 'failed' ? 'Dismissed.' : 'The scheduled publish is cancelled; the draft stays.' } };
      },
    },
  };
  return { reads, writes };
}
