/**
 * Where the studio serves the page editor (server/studio/editor-files.ts) and its API (server/studio/content-api.ts):
 * read by the editor's studio side (page/studio-backend.ts, studio-entry.ts) and the studio's server alike.
 */
/** The list of pages, and a page's editor with ?path=. */
export const STUDIO_EDITOR_PATH = '/studio/edit';
/** The preview frame. */
export const STUDIO_PREVIEW_PATH = `${STUDIO_EDITOR_PATH}/preview`;
/** The editor build's base: its scripts and styles are under `${base}assets/`. */
export const STUDIO_EDITOR_BASE = `${STUDIO_EDITOR_PATH}/`;
/** The content API. */
export const STUDIO_API = '/studio/api';
/** Where a person without a session signs in. */
export const STUDIO_SIGN_IN = '/studio';
