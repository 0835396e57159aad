/**
 * The studio as the editor's server (`npm run studio`, /studio/edit): its content API under /studio/api
 * (server/studio/content-api.ts). A page opens from its server draft when there is one, with the draft's base as its
 * version, so the next draft keeps the live version it started from; Save saves a draft, not the live page; Publish
 * (for roles that may) makes the drafts live, with the uploaded pictures they show; History lists a page's published
 * versions, and Restore (for roles that may) makes one of them the page's draft. A colleague's save or publish comes
 * in between one's own saves through presence (every 10 s): its answer names the kept draft and the live version,
 * and one newer than what this editor holds is told as a change on disk, which the editor follows or merges.
 */
import { type Change, type EditorIssue, type FileChanged, type FileRead, type PictureUploaded, type SavedFile, type SiteRead } from '../shared/editor-contract';
import { STUDIO_API as API, STUDIO_EDITOR_PATH, STUDIO_PREVIEW_PATH, STUDIO_SIGN_IN } from '../shared/studio-paths';
import { parseDocument } from './model/document-reads';
import { studioVersions, type TeamDraft } from './studio-versions';
import type { EditorBackend, PageDraft, PageReview, PageVersion, PreviewSharing, Published, ReviewRead, Reviewing, ScheduledPublish, Scheduling, SharedPreview, TheirSide } from './model/editor-backend';

const SIGNED_OUT = `Your studio session has ended. Sign in again at ${STUDIO_SIGN_IN} (in another tab), then try once more; your edits are kept in this browser.`;

/** A studio answer, or its refusal thrown with the studio's own words. `keep`: refusals the caller reads itself. */
async function call<T>(path: string, init?: RequestInit, keep: number[] = []): Promise<{ status: number; body: T }> {
  let response: Response;
  try {
    response = await fetch(API + path, { ...init, credentials: 'same-origin', headers: { 'content-type': 'application/json', ...init?.headers } });
  } catch {
    throw new Error('The studio does not answer. Check your connection and try again; your edits are kept in this browser.');
  }
  const body = (await response.json().catch(() => ({ message: `The studio answered ${response.status} without a message.` }))) as T & { message?: string };
  if (response.status === 401) throw new Error(SIGNED_OUT);
  if (response.status >= 400 && !keep.includes(response.status)) throw new Error(body.message ?? `The studio answered ${response.status}.`);
  return { status: response.status, body };
}

/** In the studio, what changes under a draft is a colleague's: their saved draft, or their publish. */
const COLLEAGUE_SIDE: TheirSide = { where: 'by someone else', from: 'from someone else', column: 'Theirs', take: 'Take theirs', takeAll: 'Take all theirs' };

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const editorUrl = (path: string, select?: 'header' | 'footer') => `${STUDIO_EDITOR_PATH}?path=${encodeURIComponent(path)}${select ? `&select=${select}` : ''}`;

interface StudioFile extends FileRead {
  draft: (TeamDraft & { value: unknown; savedBy: { name: string } }) | null;
  /** Present when the draft is behind the live file: the text of the version the draft started from, if found. */
  draftBaseText?: string | null;
}

type PublishAnswer = { kind: 'published'; commit: string; message: string; pushError?: string } | { kind: 'unchanged'; message: string };

/** Who is signed in, and whether they may publish and restore (the server decides again on every request). */
export interface StudioUser {
  name: string;
  role: string;
  mayPublish: boolean;
  mayRestore: boolean;
  mayCreatePages: boolean;
}

/** The signed-in user, or undefined when there is no session (then the editor sends them to sign in). */
export async function signedInUser(): Promise<StudioUser | undefined> {
  const response = await fetch(`${API}/me`, { credentials: 'same-origin' });
  return response.ok ? ((await response.json()) as StudioUser) : undefined;
}

export function studioBackend(user: StudioUser): EditorBackend {
  // The files this editor knows to have a server draft: what Publish sends.
  const drafted = new Set<string>();
  const versions = studioVersions();
  // What this editor holds of each file: the savedAt of the team draft (null: the live page) and the live version.
  const held = new Map<string, { draft: string | null; live: string | null }>();
  const listeners = new Set<(change: FileChanged) => void>();

  /** Presence's word on a file: a draft or a live version other than the one held comes in as a change on disk. */
  function noticed(file: string, kept: { draft: { at: string } | null; live: string | null }) {
    const mine = held.get(file);
    if (!mine) return;
    const at = kept.draft?.at ?? null;
    if (at === mine.draft && (at !== null || kept.live === mine.live)) return;
    const change = { file, version: at === null ? versions.live(file, kept.live) : `draft:${at}` };
    for (const listener of listeners) listener(change);
  }

  /** A file as the studio answers it (a read, or a refused save's `current`): its draft when it has one. */
  function fileOf(file: string, body: StudioFile): FileRead {
    held.set(file, { draft: body.draft?.savedAt ?? null, live: body.version });
    if (!body.draft) {
      drafted.delete(file);
      return { file, text: body.text, version: body.version === null ? null : versions.live(file, body.version) };
    }
    drafted.add(file);
    if (body.draftBaseText !== undefined) {
      // Published since the draft was started: the page opens on the live version with the draft merged into it.
      const baseValue = body.draftBaseText === null ? undefined : parseDocument(body.draftBaseText, file);
      const version = versions.live(file, body.version, body.draft.savedAt);
      return { file, text: body.text, version, draftBehind: { value: body.draft.value, base: body.draft.base, ...(baseValue === undefined ? {} : { baseValue }) } };
    }
    return { file, text: JSON.stringify(body.draft.value, null, 2), version: versions.draft(file, body.draft) };
  }

  type DraftSaved = { saved: SavedFile; issues: EditorIssue[]; publishedSince?: string | null } | { current: FileRead; message: string };

  async function saveDraft(change: Change): Promise<DraftSaved> {
    const { base, draftOf } = versions.saveBase(change.file, change.base);
    const { status, body } = await call<{ issues: EditorIssue[]; savedAt: string; publishedSince?: string | null; current?: StudioFile; message?: string }>('/draft', post({ file: change.file, value: change.value, base, draftOf }), [409]);
    // A colleague saved (or published) since: theirs comes back to be merged into these edits, which are then saved again.
    if (status === 409 && body.current) return { current: fileOf(change.file, body.current), message: body.message ?? '' };
    drafted.add(change.file);
    held.set(change.file, { draft: body.savedAt, live: held.get(change.file)?.live ?? null });
    const saved = { file: change.file, version: versions.draft(change.file, { base, savedAt: body.savedAt }), text: JSON.stringify(change.value, null, 2), changed: true };
    return { saved, issues: body.issues, ...('publishedSince' in body ? { publishedSince: body.publishedSince } : {}) };
  }

  async function publish(files: string[], reviewed?: string): Promise<Published> {
    const chosen = files.filter((file) => drafted.has(file));
    if (chosen.length === 0) throw new Error('There is no saved draft of this page to publish. Save your edits first.');
    const { body } = await call<PublishAnswer>('/publish', post({ files: chosen, reviewed }));
    for (const file of chosen) drafted.delete(file);
    if (body.kind === 'unchanged') return { message: body.message };
    const subject = body.message.split('\n')[0];
    const pushed = body.pushError ? ` ${body.pushError}` : '';
    return { message: `Published: ${subject} (commit ${body.commit.slice(0, 7)}).${pushed}` };
  }

  /** The restored version is the page's server draft now: it opens as a draft does, and Publish sends it. */
  async function restore(file: string, commit: string): Promise<FileRead> {
    const { body } = await call<{ draft: TeamDraft & { value: unknown } }>('/restore', post({ file, commit }));
    drafted.add(file);
    held.set(file, { draft: body.draft.savedAt, live: held.get(file)?.live ?? null });
    return { file, text: JSON.stringify(body.draft.value, null, 2), version: versions.draft(file, body.draft) };
  }
  const previews: PreviewSharing = {
    hasDraft: (file) => drafted.has(file),
    list: (file) => call<{ links: SharedPreview[] }>(`/previews?file=${encodeURIComponent(file)}`).then((r) => r.body.links),
    async create(file) {
      const { body } = await call<SharedPreview & { path: string }>('/previews', post({ file }));
      return { ...body, url: new URL(body.path, window.location.origin).href };
    },
    revoke: (file, id) => call<{ message: string }>('/previews/revoke', post({ file, id })).then((r) => r.body.message),
  };
  const scheduling: Scheduling = {
    list: () => call<{ schedules: ScheduledPublish[] }>('/schedules').then((r) => r.body.schedules),
    ...(user.mayPublish
      ? {
          change: {
            schedule: (file, at) => call<{ message: string }>('/schedule', post({ file, at })).then((r) => r.body.message),
            cancel: (file) => call<{ message: string }>('/unschedule', post({ file })).then((r) => r.body.message),
          },
        }
      : {}),
  };

  const reviewing: Reviewing = {
    list: () => call<{ reviews: PageReview[] }>('/reviews').then((r) => r.body.reviews),
    read: (file) => call<ReviewRead>(`/review?file=${encodeURIComponent(file)}`).then((r) => r.body),
    request: (file, note) => call<{ message: string }>('/review/request', post({ file, note })).then((r) => r.body.message),
    ...(user.mayPublish ? { sendBack: (file: string, comment: string) => call<{ message: string }>('/review/send-back', post({ file, comment })).then((r) => r.body.message) } : {}),
  };

  return {
    editorPath: STUDIO_EDITOR_PATH,
    previewPath: STUDIO_PREVIEW_PATH,
    editorUrl,
    theirs: COLLEAGUE_SIDE,
    createsPages: user.mayCreatePages,
    listHelp: 'Every route of the site and the document it shows. Save keeps a draft on the studio for your team, not on the live site; a publisher makes it live.',
    async pageDrafts() {
      const { body } = await call<{ pages: Array<{ file: string; draft: PageDraft | null }> }>('/pages');
      return Object.fromEntries(body.pages.flatMap((p) => (p.draft ? [[p.file, p.draft]] : [])));
    },
    async readFile(file) {
      return fileOf(file, (await call<StudioFile>(`/file?file=${encodeURIComponent(file)}`)).body);
    },
    readSite: () => call<SiteRead>('/site').then((r) => r.body),
    checkChanges: (changes) => call<{ issues: EditorIssue[] }>('/check', post({ changes: changes.map((c) => ({ ...c, base: versions.saveBase(c.file, c.base).base })) })).then((r) => r.body.issues),
    async saveChanges(changes) {
      const answers = [];
      for (const change of changes) answers.push(await saveDraft(change));
      const refused = answers.flatMap((a) => ('current' in a ? [a] : []));
      if (refused.length > 0) return { kind: 'conflict', message: refused.map((r) => r.message).join(' '), conflicts: refused.map((r) => r.current) };
      const drafts = answers.flatMap((a) => ('saved' in a ? [a] : []));
      const errors = drafts.flatMap((d) => d.issues).filter((i) => i.severity === 'error').length;
      const toFix = errors === 0 ? '' : ` It has ${errors} error${errors === 1 ? '' : 's'} to fix before it can be published.`;
      const overtaken = drafts.find((d) => d.publishedSince !== undefined);
      const merge = overtaken ? ` ${overtaken.publishedSince ?? 'Someone'} published this page since you opened it: reload the page to merge their changes into your draft before it is published.` : '';
      return { kind: 'saved', saved: drafts.map((d) => d.saved), message: `Draft saved, not live yet.${toFix}${merge}` };
    },
    // Written into the checkout's public/images/ at once; it goes live with the first published page that shows it.
    sendPicture: (upload) => call<PictureUploaded>('/picture', post(upload)).then((r) => r.body),
    fileChanges(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    history: (file) => call<{ versions: PageVersion[] }>(`/history?file=${encodeURIComponent(file)}`).then((r) => r.body.versions.map(({ commit, author, date, subject }) => ({ commit, author, date, subject }))),
    readVersion: (file, commit) => call<{ text: string }>(`/version?file=${encodeURIComponent(file)}&commit=${encodeURIComponent(commit)}`).then((r) => r.body.text),
    previews,
    ...(user.mayPublish ? { publish } : {}),
    ...(user.mayRestore ? { restore } : {}),
    scheduling,
    reviewing,
    async presence(file) {
      const { body } = await call<{ others: string[]; draft: { at: string } | null; live: string | null }>('/presence', post({ file }));
      noticed(file, body);
      return body.others;
    },
  };
}
