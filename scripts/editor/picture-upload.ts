/**
 * A photograph uploaded from the editor into public/images/. Everything about it is checked before a byte is
 * written: the body's shape, its size (MAX_UPLOAD_BYTES), its content (sharp must find a JPEG, PNG, WebP or AVIF
 * picture and decode it whole; the name's extension proves nothing), and its name, which may carry no path. The
 * file is written under a name of our own making (lower-case kebab of the original, the extension of what it
 * really is), never over another file: a taken name gets a suffix. From there the image pipeline takes it up
 * like any other picture (the build's catalog, the dev server's /_image).
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, PictureInputError, readSource, type SourceInfo } from '../../server/images/encode.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_FOLDER, type PictureUpload, type PictureUploaded } from '../../src/editor/shared/editor-contract.ts';

export class UploadRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const EXTENSION_OF: Record<SourceInfo['format'], string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };
const TAKES = 'Choose a photograph saved as JPEG, PNG, WebP or AVIF.';
const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;
/** An upload's body: the largest photograph in base64 (4 characters for 3 bytes), with room for its name. */
export const UPLOAD_BODY_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024;

/** The upload's name and bytes, or a refusal that says what the body should have been. */
export function uploadOf(body: unknown): { name: string; data: Buffer } {
  const { name, data } = (body ?? {}) as Partial<PictureUpload>;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 255 || typeof data !== 'string') {
    throw new UploadRefusal('Send { "name": the file\'s name, "data": its bytes in base64 }.', 400);
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new UploadRefusal(`The upload of “${name}” arrived damaged (its data is not base64). Try again.`, 400);
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) throw new UploadRefusal(`“${name}” is empty. ${TAKES}`, 400);
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge(name);
  return { name, data: bytes };
}

export const tooLarge = (name: string | undefined) =>
  new UploadRefusal(`${name ? `“${name}”` : 'The photograph'} is larger than ${megabytes(MAX_UPLOAD_BYTES)}, the most the editor takes. Save a smaller copy (2400 pixels wide is plenty) and upload that.`, 413);

/**
 * The file name a picture is written under: the original's name without its extension, in lower-case words joined
 * by hyphens ("Team Day (2).JPG" → "team-day-2"). A name that carries a path, or tries to look like one, is refused.
 */
export function safePictureStem(original: string): string {
  if (/[/\\\u0000-\u001f]|%2f|%5c|%00/i.test(original) || original.startsWith('.')) {
    throw new UploadRefusal(`“${original}” is not a plain file name: it may not hold a folder or start with a dot. Rename the file on your computer and upload it again.`, 400);
  }
  const stem = original.replace(/\.[^.]*$/, '');
  const words = stem
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return words || 'photograph';
}

/** Its size and format when `data` is a whole picture the pipeline encodes; otherwise a refusal in words. */
async function pictureOf(name: string, data: Buffer): Promise<SourceInfo> {
  let info: SourceInfo;
  try {
    info = await readSource(data);
  } catch (error) {
    if (error instanceof PictureInputError && error.reason === 'too-many-pixels') throw new UploadRefusal(`“${name}”: ${error.message} Save a smaller copy and upload that.`, 422);
    const format = await sharp(data)
      .metadata()
      .then((m) => m.format)
      .catch(() => undefined);
    // An SVG can carry scripts and links; it is a developer's to check and add, not an upload's.
    if (format === 'svg') throw new UploadRefusal(`“${name}” is an SVG drawing; the editor uploads photographs only. Ask a developer to add a drawing to the illustrations.`, 415);
    throw new UploadRefusal(`“${name}” is not a picture the site can use${format ? ` (it is a ${format.toUpperCase()} file)` : ': its content is no image'}. ${TAKES}`, 415);
  }
  try {
    // The header alone proves little: decode the whole picture, as the pipeline will (a cut-off file, an iPhone's HEIC).
    await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).resize({ width: 32 }).toBuffer();
  } catch {
    throw new UploadRefusal(`“${name}” could not be read to its end: the file is damaged, or a kind of picture the site cannot show (an iPhone’s HEIC photograph, say). ${TAKES}`, 415);
  }
  return info;
}

/**
 * A phone's photograph carries where and when it was taken (EXIF, GPS included), and public/ is published as it
 * is: such a picture is encoded again without it, its orientation applied first. One without is kept byte for byte.
 */
async function withoutPrivateMetadata(data: Buffer, info: SourceInfo): Promise<{ data: Buffer; width: number; height: number }> {
  const { exif, xmp, iptc } = await sharp(data).metadata();
  if (!exif && !xmp && !iptc) return { data, width: info.width, height: info.height };
  const { data: clean, info: out } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .toFormat(info.format, info.format === 'png' ? {} : { quality: 92 })
    .toBuffer({ resolveWithObject: true });
  return { data: clean, width: out.width, height: out.height };
}

/** public/images/, made if missing, refused when it leads anywhere else (a symlink). */
async function uploadFolder(root: string): Promise<string> {
  const realRoot = await realpath(root);
  const folder = path.join(realRoot, 'public', ...UPLOAD_FOLDER.split('/').filter(Boolean));
  await mkdir(folder, { recursive: true });
  if ((await realpath(folder)) !== folder) throw new UploadRefusal(`public${UPLOAD_FOLDER} leads outside the project; the editor does not write there. Ask a developer to make it a plain folder.`, 403);
  return folder;
}

/**
 * Writes the checked picture under `<stem>.<ext>`, or `<stem>-2.<ext>` and on when that is taken. The bytes go to a
 * temporary file first, then get their name by a hard link, which fails rather than replace a file: no overwrite
 * even by a race, and the dev server never sees half a picture.
 */
export async function savePicture(root: string, upload: { name: string; data: Buffer }): Promise<PictureUploaded> {
  const stem = safePictureStem(upload.name);
  const info = await pictureOf(upload.name, upload.data);
  const stored = await withoutPrivateMetadata(upload.data, info);
  const folder = await uploadFolder(root);
  const temporary = path.join(folder, `.upload-${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx');
  try {
    await handle.writeFile(stored.data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    for (let n = 1; n <= 1000; n++) {
      const file = `${stem}${n === 1 ? '' : `-${n}`}.${EXTENSION_OF[info.format]}`;
      try {
        await link(temporary, path.join(folder, file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      return { image: { src: `${UPLOAD_FOLDER}${file}`, width: stored.width, height: stored.height } };
    }
    throw new UploadRefusal(`public${UPLOAD_FOLDER} already has a thousand pictures named “${stem}”. Rename the file and upload it again.`, 409);
  } finally {
    await rm(temporary, { force: true });
  }
}
