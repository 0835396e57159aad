/**
 * The editor's contract, read by both of its sides: the browser (the editor page and its preview frame) and the
 * server that serves them (today the dev server, scripts/editor/; later a deployed studio). Where the editor lives,
 * the event that says a content file changed, which files it may touch, and the shapes of its API's requests and
 * answers. No module outside this one spells a path or a shape of it again.
 */
import { PLACEHOLDER_PICTURE } from './placeholder-text.ts';
import type { ContentIssue } from '../../model/content-issue.ts';
import { isPageName } from '../../model/page-name.ts';
import { EDITOR_PATH } from './editor-paths.ts';

export { EDITOR_API, EDITOR_PATH, PREVIEW_PATH } from './editor-paths.ts';

/** The editor page opened on the page at `path` ("/about"), optionally with the header or footer selected. */
export const editorUrl = (path: string, select?: 'header' | 'footer') => `${EDITOR_PATH}?path=${encodeURIComponent(path)}${select ? `&select=${select}` : ''}`;

/** The server tells open editors that a content file changed on disk, with its new version (null: deleted). */
export const FILE_CHANGED_EVENT = 'editor:file-changed';
export interface FileChanged {
  file: string;
  version: string | null;
}

/** The two kinds of content file the editor reads and writes: pages.json, and a page document. */
export const SITE_FILE = 'pages.json';
export const pageFileOf = (name: string) => `pages/${name}.json`;
/** "about" for "pages/about.json"; undefined for any other file (pages.json included). */
export function pageNameOfFile(file: string): string | undefined {
  const name = /^pages\/([^/]+)\.json$/.exec(file)?.[1];
  return name !== undefined && isPageName(name) ? name : undefined;
}
export const isContentFile = (file: string) => file === SITE_FILE || pageNameOfFile(file) !== undefined;

/** A content-check issue as the API answers it. */
export type EditorIssue = ContentIssue;

/** GET /file: a content file's text and version (both null when it does not exist). */
export interface FileRead {
  file: string;
  text: string | null;
  version: string | null;
  /** The studio: a team draft started from an older version than `version`, merged into it when the page opens. */
  draftBehind?: DraftBehind;
}

export interface DraftBehind {
  value: unknown;
  /** The version it was started from, and that version's document when it could be found (else it merges as if from nothing). */
  base: string | null;
  baseValue?: unknown;
}

/** A picture under public/, with its size when it could be read. */
export interface PublicImage {
  src: string;
  width?: number;
  height?: number;
}

/** GET /site: the page documents, the pictures, and fragment name → the pages that insert it. */
export interface SiteRead {
  pages: string[];
  images: PublicImage[];
  fragmentUse: Record<string, string[]>;
}

/** One document in a check or a save: its new value and the version of the file it was edited from (null: a new file). */
export interface Change {
  file: string;
  value: unknown;
  base: string | null;
}

/** POST /check and /save take { changes }. */
export interface ChangesRequest {
  changes: Change[];
}

/** A file a save wrote (or left as it was, `changed` false), with its new version and text. */
export interface SavedFile {
  file: string;
  version: string;
  text: string;
  changed: boolean;
}

/**
 * POST /save: 200 with what was saved, 409 with the files changed on disk since, 422 with the errors. `message`: what
 * a save means on that server, when not simply "Saved." (the studio's: a draft, not live yet).
 */
export type SaveAnswer = { kind: 'saved'; saved: SavedFile[]; message?: string } | { kind: 'conflict'; message: string; conflicts: FileRead[] } | { kind: 'invalid'; message: string; issues: EditorIssue[] };
export const SAVE_STATUS = { saved: 200, conflict: 409, invalid: 422 } as const;

/**
 * The picture library offers the site's photographs (public/images/, where uploads go too) and illustrations
 * (public/illustrations/), decided by folder: the favicon and share card at the root of public/ and the blog's
 * own pictures under public/uploads/ are no pictures for a page block; nor is the new block's placeholder.
 */
const LIBRARY_FOLDERS = ['/images/', '/illustrations/'] as const;
export const isLibraryPicture = (src: string) => src !== PLACEHOLDER_PICTURE.src && LIBRARY_FOLDERS.some((folder) => src.startsWith(folder));
/** Where an uploaded photograph is written, under public/. */
export const UPLOAD_FOLDER = '/images/';
/** The largest photograph the editor takes: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** What an upload may be, by its content: the formats the image pipeline encodes. */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** POST /pictures: a photograph from the editor's computer, its bytes in base64 (a write is JSON, like every other). */
export interface PictureUpload {
  /** The file's name on the computer ("Team day 2024.JPG"); the server makes a safe name of it. */
  name: string;
  data: string;
}

/** POST /pictures answers 201 with the picture as written, with its size. */
export interface PictureUploaded {
  image: Required<PublicImage>;
}
