/**
 * The studio's content actions, each with the role it needs (roles.ts; studio-server.ts checks session, role,
 * Origin and body before `run`): the page list with its drafts, a file and its draft, what the editor reads of the
 * site, the content check of edits in memory, saving and discarding a draft, uploading a photograph, publishing, a page's history, an old version, and restoring one as a new draft. Every file name is
 * checked (content-files.ts) before anything is read or written; nothing outside pages.json and pages/ is reached.
 */
import type { SchemaValidator } from '../../scripts/content-check/schema-validator.ts';
import { checkedPageName, ContentFileError, parseContentText, readContentFile, versionOf, versionOrNull } from '../../scripts/editor/content-files.ts';
import { issuesOfChanges, planChanges } from '../../scripts/editor/planned-changes.ts';
import { pageNames, readSiteFacts } from '../../scripts/editor/site-facts.ts';
import { pageFileOf, SITE_FILE, type Change } from '../../src/editor/shared/editor-contract.ts';
import type { AccountStore, AuditEvent } from './account-store.ts';
import type { Draft, DraftStore } from './draft-store.ts';
import type { GitCheckout } from './git-checkout.ts';
import { serially } from './json-files.ts';
import type { ScheduleStore } from './schedule-store.ts';
import type { ReviewApi } from './review-api.ts';
import { pictureRoute } from './picture-route.ts';
import { PublishError, type Publisher } from './publisher.ts';
import { may, type Action } from './roles.ts';
import type { SignedIn } from './sessions.ts';

export interface ContentApiOptions {
  root: string;
  drafts: DraftStore;
  publisher: Publisher;
  git: GitCheckout;
  store: AccountStore;
  validator: () => Promise<SchemaValidator | undefined>;
  /** Timed publishes (schedule-store.ts): one still waiting ends when its draft is published by hand or discarded. */
  schedules?: ScheduleStore;
  /** Reviews (review-api.ts): a publish names the author who asked for one and ends it, as a discard does. */
  review?: Pick<ReviewApi, 'publishNote' | 'published' | 'discarded'>;
  now?: () => number;
}

export interface ContentRequest {
  who: SignedIn;
  address: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

export interface Answer {
  status: number;
  body: unknown;
}

export interface ContentRoute {
  action: Action;
  /** A body larger than a page's documents (an upload), with the refusal past it in words. */
  body?: { maxBytes: number; tooLarge: string };
  run(request: ContentRequest): Promise<Answer>;
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const refused = (status: number, message: string): Answer => ({ status, body: { message } });

/** A content file named by the request, checked; throws ContentFileError (400) for anything else. */
function fileNamed(value: unknown): string {
  if (typeof value !== 'string') throw new ContentFileError('Say which file: "file" is "pages.json" or "pages/<name>.json".', 400);
  checkedPageName(value);
  return value;
}

/** POST /check's { changes }: one or two documents, each a JSON object with the version it was edited from. */
function changesNamed(value: unknown): Change[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 2) throw new ContentFileError('Send { "changes": [{ "file", "value", "base" }] }: the page and, when it changed, pages.json.', 400);
  return value.map((c: Partial<Change> | null) => {
    const file = fileNamed(c?.file);
    if (c?.value === null || typeof c?.value !== 'object' || !(typeof c.base === 'string' || c.base === null)) throw new ContentFileError('Each change needs "value" (the document, a JSON object) and "base" (its version, or null).', 400);
    return { file, value: c.value, base: c.base };
  });
}

const routesOf = (text: string | undefined) => {
  try {
    const site = JSON.parse(text ?? '{}') as { routes?: Array<{ path: string; page: string }>; redirects?: unknown };
    return { routes: Array.isArray(site.routes) ? site.routes : [], redirects: site.redirects };
  } catch {
    return { routes: [], redirects: undefined };
  }
};

export interface ContentApi {
  reads: Record<string, ContentRoute>;
  writes: Record<string, ContentRoute>;
}

export function createContentApi(options: ContentApiOptions): ContentApi {
  const { root, drafts, publisher, git, store } = options;
  const now = options.now ?? Date.now;
  const audit = (request: ContentRequest, event: AuditEvent, subject: string, detail?: string) =>
    store.appendAudit({ at: new Date(now()).toISOString(), event, actor: request.who.user.email, address: request.address, subject, ...(detail ? { detail } : {}) });
  const liveVersion = async (file: string) => {
    const text = await readContentFile(root, file);
    return versionOrNull(text);
  };
  /** A waiting schedule of the page would find no draft at its time: it ends now, and the audit log says why. */
  async function endSchedule(request: ContentRequest, file: string, why: string): Promise<void> {
    const schedule = await options.schedules?.get(file);
    if (schedule?.state !== 'waiting') return;
    await options.schedules!.remove(file);
    await audit(request, 'schedule-cancelled', schedule.files.join(', '), `was at ${schedule.at}; ${why}`);
  }
  const savingDrafts = serially();
  const draftSummary = (draft: Draft | undefined) => (draft ? { by: draft.savedBy.name, at: draft.savedAt } : null);

  /** Why this role may not publish the draft (a new page, a changed route table), or undefined. */
  async function publishRefusal(request: ContentRequest, draft: Draft): Promise<string | undefined> {
    const { role } = request.who.user;
    const live = await readContentFile(root, draft.file);
    if (live === undefined && !may(role, 'create-page')) return `Only publishers create pages; ${draft.file} is new.`;
    if (draft.file === SITE_FILE && JSON.stringify(routesOf(live)) !== JSON.stringify(routesOf(JSON.stringify(draft.value))) && !may(role, 'rename-path')) return 'Only publishers change paths and redirects.';
    if (draft.base !== versionOrNull(live)) return `${draft.file} was published by someone else since this draft was started. Open the page: their changes are merged into the draft there. Save it, then publish.`;
    return undefined;
  }

  const reads: Record<string, ContentRoute> = {
    '/studio/api/pages': {
      action: 'edit',
      async run() {
        const names = await pageNames(root);
        const { routes } = routesOf(await readContentFile(root, SITE_FILE));
        const byFile = new Map((await drafts.list()).map((d) => [d.file, d]));
        return ok({
          pages: names.map((page) => ({ page, file: pageFileOf(page), paths: routes.filter((r) => r.page === page).map((r) => r.path), draft: draftSummary(byFile.get(pageFileOf(page))) })),
          site: { file: SITE_FILE, draft: draftSummary(byFile.get(SITE_FILE)) },
        });
      },
    },
    '/studio/api/file': {
      action: 'edit',
      async run({ query }) {
        const file = fileNamed(query.get('file'));
        const text = await readContentFile(root, file);
        const version = versionOrNull(text);
        const draft = (await drafts.get(file)) ?? null;
        // A draft started before the last publish of its page: the version it started from, for the editor's merge.
        const behind = draft !== null && draft.base !== version;
        const baseText = behind && draft.base !== null ? ((await git.textOfVersion(file, draft.base, versionOf)) ?? null) : null;
        return ok({ file, text: text ?? null, version, draft, ...(behind ? { draftBaseText: baseText } : {}) });
      },
    },
    '/studio/api/site': {
      action: 'edit',
      run: async () => ok(await readSiteFacts(root)),
    },
    '/studio/api/history': {
      action: 'edit',
      async run({ query }) {
        return ok({ versions: await git.history(fileNamed(query.get('file'))) });
      },
    },
    '/studio/api/version': {
      action: 'edit',
      async run({ query }) {
        const text = await git.show(String(query.get('commit') ?? ''), fileNamed(query.get('file')));
        return text === undefined ? refused(404, 'That version does not have this file.') : ok({ text });
      },
    },
  };

  const writes: Record<string, ContentRoute> = {
    '/studio/api/draft': {
      action: 'edit',
      async run(request) {
        const { body, who } = request;
        const file = fileNamed(body.file);
        if (body.value === null || typeof body.value !== 'object' || Array.isArray(body.value)) return refused(400, 'Refused: "value" must be the document, a JSON object.');
        if (!(typeof body.base === 'string' || body.base === null)) return refused(400, 'Refused: "base" must be the version the draft was started from, or null for a new page.');
        const draftOf = body.draftOf;
        if (!(draftOf === undefined || draftOf === null || typeof draftOf === 'string')) return refused(400, 'Refused: "draftOf" must be the savedAt of the draft the edits started from, or null when they started from the live page.');
        const live = await readContentFile(root, file);
        if (live === undefined && !may(who.user.role, 'create-page')) return refused(403, `Refused: only publishers create pages; ${file} does not exist.`);
        const draft: Draft = { file, value: body.value, base: body.base, savedBy: { email: who.user.email, name: who.user.name }, savedAt: new Date(now()).toISOString() };
        // One save of a file at a time, so that the draft it is checked against is the one it replaces.
        const current = await savingDrafts(async () => {
          const saved = (await drafts.get(file)) ?? null;
          // Someone saved (or published, or discarded) since these edits started: the editor merges theirs in first.
          if (draftOf !== undefined && (saved?.savedAt ?? null) !== draftOf) return saved ?? 'live';
          // A draft is known by when it was saved (draftOf, a review's approval): two saves in one millisecond differ too.
          if (saved && Date.parse(saved.savedAt) >= Date.parse(draft.savedAt)) draft.savedAt = new Date(Date.parse(saved.savedAt) + 1).toISOString();
          await drafts.save(draft);
          return undefined;
        });
        if (current === 'live') return { status: 409, body: { message: 'The draft was published or discarded since you opened the page.', current: { text: live ?? null, version: versionOrNull(live), draft: null } } };
        if (current) return { status: 409, body: { message: `${current.savedBy.name} saved this page since you opened it.`, current: { text: live ?? null, version: versionOrNull(live), draft: current } } };
        const issues = await issuesOfChanges(root, await planChanges(root, [draft]), await options.validator());
        // Kept either way (nothing is lost); the editor says to reopen the page, which merges the two (a draft behind).
        const behind = draft.base !== versionOrNull(live);
        return ok({ savedAt: draft.savedAt, issues, ...(behind ? { publishedSince: (await git.history(file, 1))[0]?.author ?? null } : {}) });
      },
    },
    '/studio/api/check': {
      action: 'edit',
      async run({ body }) {
        return ok({ issues: await issuesOfChanges(root, await planChanges(root, changesNamed(body.changes)), await options.validator()) });
      },
    },
    '/studio/api/discard': {
      action: 'edit',
      async run(request) {
        const file = fileNamed(request.body.file);
        await drafts.remove(file);
        await endSchedule(request, file, 'the draft was discarded');
        await options.review?.discarded(request, file);
        return ok({ message: 'The draft is discarded; the live page is as it was.' });
      },
    },
    '/studio/api/publish': {
      action: 'publish',
      async run(request) {
        const files = request.body.files;
        if (!Array.isArray(files) || files.length === 0 || files.length > 2) return refused(400, 'Refused: "files" lists the page and, when it changed, pages.json.');
        // From the review screen: the savedAt of the page's draft as it was read there, so what goes live is what was approved.
        const reviewed = request.body.reviewed;
        if (!(reviewed === undefined || typeof reviewed === 'string')) return refused(400, 'Refused: "reviewed" is the savedAt of the draft the review showed.');
        const chosen: Draft[] = [];
        for (const file of files.map(fileNamed)) {
          const draft = await drafts.get(file);
          if (!draft) return refused(409, `There is no draft of ${file} to publish.`);
          const why = await publishRefusal(request, draft);
          if (why) return refused(409, why);
          chosen.push(draft);
        }
        if (reviewed !== undefined && chosen[0]!.savedAt !== reviewed) return refused(409, `${chosen[0]!.savedBy.name} saved ${chosen[0]!.file} again since you opened the review. Look at the change again, then approve.`);
        const author = { name: request.who.user.name, email: request.who.user.email };
        try {
          const result = await publisher.publish(chosen, author, await options.review?.publishNote(chosen[0]!.file, author));
          if (result.kind === 'invalid') return { status: 422, body: result };
          // Only the draft that was published: one saved while the build ran is newer work, and stays.
          for (const draft of chosen) if ((await drafts.get(draft.file))?.savedAt === draft.savedAt) await drafts.remove(draft.file);
          for (const draft of chosen) await endSchedule(request, draft.file, 'published by hand');
          if (result.kind === 'unchanged') return ok(result);
          await audit(request, 'published', chosen.map((d) => d.file).join(', '), result.commit);
          for (const draft of chosen) await options.review?.published({ ...author, address: request.address }, draft.file, result.commit);
          return ok(result);
        } catch (error) {
          if (error instanceof PublishError) return refused(500, error.message);
          throw error;
        }
      },
    },
    '/studio/api/picture': pictureRoute(root, (request, file) => audit(request, 'uploaded', file)),
    '/studio/api/restore': {
      action: 'restore',
      async run(request) {
        const file = fileNamed(request.body.file);
        const commit = String(request.body.commit ?? '');
        const text = await git.show(commit, file);
        if (text === undefined) return refused(404, 'That version does not have this file.');
        const { who } = request;
        const draft: Draft = { file, value: parseContentText(text), base: await liveVersion(file), savedBy: { email: who.user.email, name: who.user.name }, savedAt: new Date(now()).toISOString() };
        await drafts.save(draft);
        await audit(request, 'restored', file, commit);
        return ok({ draft, message: 'The old version is now a draft. Publish it to make it live again.' });
      },
    },
  };
  return { reads, writes };
}
