/**
 * The site's pictures under public/ (photographs, illustrations, icons), for the editor's preview and its picture
 * library: the blocks show them at their site addresses ("/images/team.jpg"). Read-only, for signed-in users only
 * (the caller checks), pictures only, by a path of plain names: no "..", no dot-file, nothing outside public/.
 */
import { readFile, realpath } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { send, sendMessage } from './studio-http.ts';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/** Whether `pathname` names a picture: plain names joined by "/", ending in a picture's extension. */
export const isPicturePath = (pathname: string) => /^(\/[\w-][\w.-]*)+$/.test(pathname) && !pathname.includes('..') && path.extname(pathname).toLowerCase() in TYPES;

export function publicPictures(root: string) {
  const publicDir = path.join(root, 'public');
  return async function serve(res: ServerResponse, pathname: string): Promise<void> {
    const missing = () => sendMessage(res, 404, `There is no picture ${pathname} in the site's public/ folder.`);
    // Resolved through any link, it must still be inside public/.
    const file = await realpath(path.join(publicDir, ...pathname.split('/').filter(Boolean))).catch(() => undefined);
    const top = await realpath(publicDir).catch(() => publicDir);
    if (!file || !file.startsWith(top + path.sep)) return missing();
    const bytes = await readFile(file).catch(() => undefined);
    if (!bytes) return missing();
    return send(res, 200, TYPES[path.extname(file).toLowerCase()]!, bytes);
  };
}
