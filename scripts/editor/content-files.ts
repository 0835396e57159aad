/**
 * The only files the editor may read and write: pages.json and the page documents directly inside pages/.
 * A name is checked by its shape first (no separators, no dots but the extension), then by where it really
 * lies on disk, so no traversal, absolute path or symlink leads out of them. Writes are atomic: a temporary
 * file in the same folder, flushed, then renamed over the old one, so a crash never leaves half a document.
 */
import { createHash, randomBytes } from 'node:crypto';
import { lstat, open, readFile, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pageNameOfFile, SITE_FILE } from '../../src/editor/shared/editor-contract.ts';

export class ContentFileError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The page name of `pages/<name>.json`, undefined for pages.json. Throws for any other file. */
export function checkedPageName(file: string): string | undefined {
  if (file === SITE_FILE) return undefined;
  const name = pageNameOfFile(file);
  if (name === undefined) {
    throw new ContentFileError(`"${file}" is not a content file: the editor reads and writes only pages.json and pages/<name>.json (lower-case letters, digits and hyphens).`, 400);
  }
  return name;
}

/** A short fingerprint of a file's text: the editor sends it back to prove it saw the latest version. */
export const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The version of a file that may not exist (undefined text): null for none, as the editors' answers say it. */
export const versionOrNull = (text: string | undefined) => (text === undefined ? null : versionOf(text));

/** A content file's text as its value, a byte-order mark (some Windows editors write one) aside. */
export const parseContentText = (text: string): unknown => JSON.parse(text.replace(/^\uFEFF/, ''));

/** The absolute path of an allowed file, after making sure nothing on the way is a symlink out of the project. */
async function resolved(root: string, file: string): Promise<string> {
  checkedPageName(file);
  const realRoot = await realpath(root);
  const absolute = path.join(realRoot, ...file.split('/'));
  const folder = await realpath(path.dirname(absolute)).catch(() => {
    throw new ContentFileError(`the folder of ${file} does not exist.`, 404);
  });
  const expectedFolder = file === SITE_FILE ? realRoot : path.join(realRoot, 'pages');
  if (folder !== expectedFolder) throw new ContentFileError(`${path.dirname(file)} leads outside the project; the editor does not follow it.`, 403);
  const stat = await lstat(absolute).catch(() => undefined);
  if (stat?.isSymbolicLink()) throw new ContentFileError(`${file} is a symbolic link; the editor does not follow links. Replace it with the file itself.`, 403);
  if (stat && !stat.isFile()) throw new ContentFileError(`${file} is not a file.`, 403);
  return absolute;
}

/** The file's text, or undefined when it does not exist. */
export async function readContentFile(root: string, file: string): Promise<string | undefined> {
  const absolute = await resolved(root, file);
  return readFile(absolute, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

export async function writeContentFile(root: string, file: string, text: string): Promise<void> {
  const absolute = await resolved(root, file);
  const temporary = path.join(path.dirname(absolute), `.${path.basename(absolute)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, absolute);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
