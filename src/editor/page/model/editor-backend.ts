/**
 * The editor page's server, chosen once at start: the dev server's API (dev-backend.ts, `npm run dev`'s /__edit) or
 * the studio's (page/studio-backend.ts). Every read, check, save, upload and history read goes through it, and so do
 * the addresses of the editor and its preview frame, so no module of the page spells a server's paths.
 */
import type { Change, EditorIssue, FileChanged, FileRead, PictureUpload, PictureUploaded, SaveAnswer, SiteRead } from '../../shared/editor-contract';

/** Where the server's word that a content file changed comes from: a subscription, returning its end. */
export type FileChanges = (listener: (change: FileChanged) => void) => () => void;

/** A draft kept on the server: who saved it last, and when (ISO 8601). */
export interface PageDraft {
  by: string;
  at: string;
}

/** A timed publish of a page (the studio): when (UTC, ISO), by whom, and its outcome in words when it failed. */
export interface ScheduledPublish {
  file: string;
  at: string;
  by: string;
  state: 'waiting' | 'publishing' | 'failed';
  outcome: string | null;
}

/** Scheduled publishing where the server has it: everyone reads; `change` (schedule or move, cancel) for publishers. */
export interface Scheduling {
  list(): Promise<ScheduledPublish[]>;
  change?: {
    /** Schedules the page's saved draft at the UTC instant, or moves its schedule there; the server's words. */
    schedule(file: string, at: string): Promise<string>;
    /** Cancels the schedule, or dismisses its failure; the server's words. */
    cancel(file: string): Promise<string>;
  };
}

/** What a publish made live, in words for the status line. */
export interface Published {
  message: string;
}

/**
 * How the editor names the version others change under your edits, in every merge and conflict message: the files
 * on disk (the dev server) or the published page (the studio).
 */
export interface TheirSide {
  /** "changed both here and …", "The change … to Heading was merged." */
  where: string;
  /** "3 changes … were merged." */
  from: string;
  /** The conflict table's column. */
  column: string;
  /** The button that takes their value of one field, and of all. */
  take: string;
  takeAll: string;
}

export const DISK_SIDE: TheirSide = { where: 'on disk', from: 'from disk', column: 'On disk', take: 'Take the disk’s', takeAll: 'Take all the disk’s' };

/** A published version of a content file (a commit that changed it): who made it, when (ISO 8601), and what, in words. */
export interface PageVersion {
  commit: string;
  author: string;
  date: string;
  subject: string;
}

export interface EditorBackend {
  /** The list of pages (the editor's own address); a page is `editorUrl(path)`. */
  editorPath: string;
  /** The preview frame's address. */
  previewPath: string;
  editorUrl(path: string, select?: 'header' | 'footer'): string;
  readFile(file: string): Promise<FileRead>;
  readSite(): Promise<SiteRead>;
  checkChanges(changes: Change[]): Promise<EditorIssue[]>;
  saveChanges(changes: Change[]): Promise<SaveAnswer>;
  sendPicture(upload: PictureUpload): Promise<PictureUploaded>;
  fileChanges: FileChanges;
  theirs: TheirSide;
  /** Whether this user may make a new page (the studio's authors may not; the server refuses them too). */
  createsPages: boolean;
  /** What the list of pages says a save does, in a sentence. */
  listHelp: string;
  /** Page document → who saved a draft of it and when (ISO), where drafts are kept on the server (the studio). */
  pageDrafts?: () => Promise<Record<string, PageDraft>>;
  /**
   * Publishing the saved drafts of `files` (the studio, for a role that may); absent where a save is live at once.
   * `reviewed`: the savedAt of the page's draft as the review screen showed it; refused if it was saved since.
   */
  publish?: (files: string[], reviewed?: string) => Promise<Published>;
  /** The published versions of `file`, newest first (the studio: from git); absent where nothing keeps them. */
  history?: (file: string) => Promise<PageVersion[]>;
  /** The text of `file` in one of its versions. */
  readVersion?: (file: string, commit: string) => Promise<string>;
  /** A new server draft of `file` made from one of its versions, read back as a page opens from its draft (for a role that may). */
  restore?: (file: string, commit: string) => Promise<FileRead>;
  /** Preview links to a page's saved draft, for people without an account (the studio). */
  previews?: PreviewSharing;
  /** Says this editor has `file` open, and hears who else has (the studio; asked every few seconds). */
  presence?: (file: string) => Promise<string[]>;
  /** Timed publishes (the studio). */
  scheduling?: Scheduling;
  /** Review before publishing (the studio). */
  reviewing?: Reviewing;
}

/** A page's review (the studio): asked for by its author, waiting, or sent back with a publisher's comment. Times ISO. */
export interface PageReview {
  file: string;
  state: 'requested' | 'sent-back';
  author: string;
  requestedAt: string;
  note: string | null;
  reviewer: string | null;
  comment: string | null;
  answeredAt: string | null;
}

/** What the review screen reads: the review, the draft as saved, and the live text it would replace (null: a new page). */
export interface ReviewRead {
  review: PageReview | null;
  draft: { value: unknown; savedAt: string; savedBy: string } | null;
  live: string | null;
}

/** Everyone may ask for a review and read them; `sendBack` is for publishers (approving is `publish` with `reviewed`). */
export interface Reviewing {
  list(): Promise<PageReview[]>;
  read(file: string): Promise<ReviewRead>;
  /** Asks the publishers to review the page's saved draft; the server's words. */
  request(file: string, note: string): Promise<string>;
  sendBack?: (file: string, comment: string) => Promise<string>;
}

/** A working preview link, as listed: its short id (not its secret), who made it, when, and until when it works (ISO). */
export interface SharedPreview {
  id: string;
  by: string;
  createdAt: string;
  expiresAt: string;
}

export interface PreviewSharing {
  /** Whether the page has a saved draft on the server, which is what a link shows. */
  hasDraft(file: string): boolean;
  list(file: string): Promise<SharedPreview[]>;
  /** A new link; its full address is in this answer only. */
  create(file: string): Promise<SharedPreview & { url: string }>;
  /** Revokes a link; the answer says so in words. */
  revoke(file: string, id: string): Promise<string>;
}

let chosen: EditorBackend | undefined;

/** Chosen by the entry that starts the editor, before anything is read. */
export function chooseBackend(backend: EditorBackend): void {
  chosen = backend;
}

export function backend(): EditorBackend {
  if (!chosen) throw new Error('The editor started without a server to talk to (chooseBackend was not called).');
  return chosen;
}
