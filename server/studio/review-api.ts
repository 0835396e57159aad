/**
 * Review before publishing (review-store.ts holds the states): an author asks for a review of a page's saved draft,
 * the publishers are told (in the studio's page list and editor, and by e-mail when the studio has mail), a
 * publisher reads the change and either sends it back with a comment, which the author sees on the page, or
 * approves it, which is a publish (content-api.ts) whose commit names the author (`publishNote`). Every step is in
 * the audit log. studio-server.ts checks session, role, Origin and JSON body before `run`.
 */
import { checkedPageName, ContentFileError, readContentFile, versionOrNull } from '../../scripts/editor/content-files.ts';
import type { AccountStore, ReviewEvent } from './account-store.ts';
import type { Answer, ContentRequest, ContentRoute } from './content-api.ts';
import type { DraftStore } from './draft-store.ts';
import type { ReviewNotices } from './review-notices.ts';
import type { Person, Review, ReviewStore } from './review-store.ts';
import { may } from './roles.ts';

export interface ReviewApiOptions {
  root: string;
  drafts: DraftStore;
  reviews: ReviewStore;
  store: AccountStore;
  notices: ReviewNotices;
  now?: () => number;
}

const NOTE_MAX = 1000;
const COMMENT_MAX = 2000;

const refused = (status: number, message: string): Answer => ({ status, body: { message } });

function fileNamed(value: unknown): string {
  if (typeof value !== 'string') throw new ContentFileError('Say which page: "file" is "pages/<name>.json" (or "pages.json").', 400);
  checkedPageName(value);
  return value;
}

/** Words from a person, trimmed; undefined when they are not text or too long (the caller says which). */
function wordsOf(value: unknown, max: number): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max) return undefined;
  return value.trim() || null;
}

/** What the editor sees of a review: names, not e-mail addresses. */
export const shownReview = (r: Review) => ({ file: r.file, state: r.state, author: r.author.name, requestedAt: r.requestedAt, note: r.note, reviewer: r.reviewer?.name ?? null, comment: r.comment, answeredAt: r.answeredAt });

const person = (request: ContentRequest): Person => ({ email: request.who.user.email, name: request.who.user.name });

export function createReviewApi(options: ReviewApiOptions) {
  const { root, drafts, reviews, store, notices } = options;
  const now = options.now ?? Date.now;
  const audit = (request: ContentRequest, event: ReviewEvent, subject: string, detail?: string) =>
    store.appendAudit({ at: new Date(now()).toISOString(), event, actor: request.who.user.email, address: request.address, subject, ...(detail ? { detail } : {}) });

  const reads: Record<string, ContentRoute> = {
    '/studio/api/reviews': {
      action: 'edit',
      run: async () => ({ status: 200, body: { reviews: (await reviews.list()).map(shownReview) } }),
    },
    // The review screen: the request, the draft as saved and the live text it changes.
    '/studio/api/review': {
      action: 'edit',
      async run({ query }) {
        const file = fileNamed(query.get('file'));
        const review = await reviews.get(file);
        const draft = await drafts.get(file);
        return {
          status: 200,
          body: { review: review ? shownReview(review) : null, draft: draft ? { value: draft.value, savedAt: draft.savedAt, savedBy: draft.savedBy.name } : null, live: (await readContentFile(root, file)) ?? null },
        };
      },
    },
  };

  const writes: Record<string, ContentRoute> = {
    '/studio/api/review/request': {
      action: 'edit',
      async run(request) {
        const file = fileNamed(request.body.file);
        const note = wordsOf(request.body.note, NOTE_MAX);
        if (note === undefined) return refused(400, `Refused: "note" is your message to the publishers, as text of at most ${NOTE_MAX} characters.`);
        const draft = await drafts.get(file);
        if (!draft) return refused(409, `There is no saved draft of ${file} to review. Save your edits first, then ask for a review.`);
        const live = await readContentFile(root, file);
        if (draft.base !== versionOrNull(live)) return refused(409, `${file} was published by someone else since this draft was started. Reload the page: their changes are merged into the draft there. Save it, then ask for a review.`);
        const before = await reviews.get(file);
        if (before?.state === 'requested') return refused(409, `A review of ${file} is already waiting, asked for by ${before.author.name}. A publisher will answer it.`);
        const review: Review = { file, state: 'requested', author: person(request), requestedAt: new Date(now()).toISOString(), note, reviewer: null, comment: null, answeredAt: null };
        await reviews.save(review);
        await audit(request, 'review-requested', file, note ?? undefined);
        const publishers = (await store.users()).filter((u) => may(u.role, 'publish') && u.email !== review.author.email);
        notices.requested(review, publishers);
        const told = publishers.length === 0 ? 'There is no publisher yet: ask an admin to make one.' : `Publishers see it in the studio${notices.mails ? ' and by e-mail' : ''}: ${publishers.map((u) => u.name).join(', ')}.`;
        return { status: 200, body: { review: shownReview(review), message: `Review requested. ${told}` } };
      },
    },
    '/studio/api/review/send-back': {
      action: 'publish',
      async run(request) {
        const file = fileNamed(request.body.file);
        const comment = wordsOf(request.body.comment, COMMENT_MAX);
        if (!comment) return refused(400, `Refused: say what to change in "comment" (text of 1 to ${COMMENT_MAX} characters): the author reads it on the page.`);
        const before = await reviews.get(file);
        if (!before) return refused(404, `No one asked for a review of ${file}.`);
        if (before.state !== 'requested') return refused(409, `The review of ${file} was already sent back by ${before.reviewer?.name ?? 'a publisher'}.`);
        const review: Review = { ...before, state: 'sent-back', reviewer: person(request), comment, answeredAt: new Date(now()).toISOString() };
        await reviews.save(review);
        await audit(request, 'review-sent-back', file, comment);
        notices.sentBack(review);
        return { status: 200, body: { review: shownReview(review), message: `Sent back to ${review.author.name} with your comment. The draft stays as it is.` } };
      },
    },
  };

  return {
    reads,
    writes,
    /** The line a publish's commit message adds for a page under review: who wrote it, who approved it. */
    async publishNote(file: string, publisher: Person): Promise<string | undefined> {
      const review = await reviews.get(file);
      return review && `Review requested by ${review.author.name} <${review.author.email}>; approved and published by ${publisher.name}.`;
    },
    /** A publish of the page, by hand or by schedule, ends its review: approved (audited), and its author told. */
    async published(by: Person & { address: string }, file: string, commit: string): Promise<void> {
      const review = await reviews.get(file);
      if (!review) return;
      await reviews.remove(file);
      await store.appendAudit({ at: new Date(now()).toISOString(), event: 'review-approved', actor: by.email, address: by.address, subject: file, detail: commit });
      notices.approved(review, by, commit);
    },
    /** A discarded draft has nothing left to review. */
    async discarded(request: ContentRequest, file: string): Promise<void> {
      const review = await reviews.get(file);
      if (!review) return;
      await reviews.remove(file);
      await audit(request, 'review-withdrawn', file, 'the draft was discarded');
    },
  };
}

export type ReviewApi = ReturnType<typeof createReviewApi>;
