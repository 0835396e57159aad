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
/** A shared preview, opened without an account: `${STUDIO_SHARED_PREVIEW}<secret>`, its frame at `…/frame`, its page at `…/page`. */
export const STUDIO_SHARED_PREVIEW = '/studio/preview/';
/** The parts of a shared preview's address: its secret, and what is asked for ('' for the host page). */
export function sharedPreviewParts(pathname: string): { secret: string; part: string } | undefined {
  if (!pathname.startsWith(STUDIO_SHARED_PREVIEW)) return undefined;
  const [secret = '', part = '', ...rest] = pathname.slice(STUDIO_SHARED_PREVIEW.length).split('/');
  return rest.length === 0 ? { secret, part } : undefined;
}
