/**
 * The page editor's production build (editor-build.ts), served by the studio: its page at /studio/edit (and its
 * preview frame at /studio/edit/preview) and its scripts and styles under /studio/edit/assets/. The caller has
 * checked the session; only a plain file name directly in the build's assets folder is ever read.
 */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { STUDIO_BUILD_DIR, STUDIO_EDITOR_BASE, STUDIO_EDITOR_HTML, STUDIO_EDITOR_PATH, STUDIO_PREVIEW_PATH } from './editor-build.ts';
import { send, sendMessage } from './studio-http.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
};
const ASSETS = `${STUDIO_EDITOR_BASE}assets/`;
const NOT_BUILT = 'The page editor is not built in this checkout. Stop the studio and start it with `npm run studio`, which builds it first.';

/** Whether `pathname` is the editor's: its page, its frame or one of its files. */
export const isEditorPath = (pathname: string) => pathname === STUDIO_EDITOR_PATH || pathname === STUDIO_PREVIEW_PATH || pathname.startsWith(ASSETS);

/** Whether `pathname` is one of the editor's pages (a person's address, sent to sign in), not one of its files. */
export const isEditorPage = (pathname: string) => pathname === STUDIO_EDITOR_PATH || pathname === STUDIO_PREVIEW_PATH;

export function editorFiles(root: string) {
  const dir = path.join(root, STUDIO_BUILD_DIR);
  return async function serve(res: ServerResponse, pathname: string): Promise<void> {
    const name = isEditorPage(pathname) ? STUDIO_EDITOR_HTML : pathname.slice(ASSETS.length);
    const type = isEditorPage(pathname) ? 'text/html; charset=utf-8' : TYPES[path.extname(name)];
    // A name of the build's own making: letters, digits, '-', '_' and one extension; no folder, no '..'.
    if (!type || (!isEditorPage(pathname) && !/^[\w-]+(\.[\w-]+)*$/.test(name))) return sendMessage(res, 404, `There is no file ${pathname} in the page editor.`);
    const file = await readFile(path.join(dir, isEditorPage(pathname) ? '' : 'assets', name)).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
    if (file === undefined) return isEditorPage(pathname) ? sendMessage(res, 503, NOT_BUILT) : sendMessage(res, 404, `There is no file ${pathname} in the page editor.`);
    return send(res, 200, type, file);
  };
}
