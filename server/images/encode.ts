/**
 * Encoding pictures with sharp, for the build (public/) and the server (/_image): one place for the formats'
 * settings, sharp's memory settings and the pixel limit.
 *
 * sharp on glibc: libvips' own cache and many threads per image make glibc's allocator keep arenas that it
 * never returns, so memory climbs with every picture (lovell/sharp#1041). We turn the operation cache off
 * (every picture is encoded once, then cached on disk by us) and give each image one thread; parallelism
 * comes from encoding two pictures at a time (the machine has 2 cores), which we control.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { widthsFor, type PictureFormat } from '../../src/model/picture-set.ts';

sharp.cache(false);
sharp.concurrency(1);

/** A picture with more pixels than this is refused before it is decoded (a decompression bomb): 50 MP, a 8660×5773 photograph. */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Measured on a 2400×1600 photograph, all six widths, one core: AVIF effort 4 took 16.7 s, effort 2 3.0 s and
 * effort 1 0.9 s for the same bytes within 3 %; WebP effort 3 1.0 s, effort 2 0.6 s; mozjpeg 0.9 s against
 * 0.3 s for plain progressive JPEG (the fallback only old browsers fetch). These keep 100 photographs within
 * the cold build's 120 s on 2 cores.
 */
const OUTPUT: Record<PictureFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 1 }),
  webp: (image) => image.webp({ quality: 75, effort: 2 }),
  jpeg: (image) => image.jpeg({ quality: 78, progressive: true }),
  png: (image) => image.png({ compressionLevel: 8, palette: false }),
};

export interface SourceInfo {
  width: number;
  height: number;
  format: PictureFormat;
  hasAlpha: boolean;
}

const FORMAT_OF: Record<string, PictureFormat> = { jpeg: 'jpeg', jpg: 'jpeg', png: 'png', webp: 'webp', heif: 'avif', avif: 'avif' };

export class PictureInputError extends Error {
  constructor(
    message: string,
    readonly reason: 'not-an-image' | 'too-many-pixels',
  ) {
    super(message);
  }
}

function open(input: Buffer | string): Sharp {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

/** The picture's size and format, from its header (no decoding); refuses what is no picture we take or too many pixels. */
export async function readSource(input: Buffer | string): Promise<SourceInfo> {
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, so the pixel limit is ours to apply below, with its own message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PictureInputError('The file is not a JPEG, PNG, WebP or AVIF picture.', 'not-an-image');
  }
  const format = FORMAT_OF[meta.format ?? ''];
  if (!format || !meta.width || !meta.height) throw new PictureInputError(`The file is ${meta.format ? `a ${meta.format} file` : 'no picture'}, not a JPEG, PNG, WebP or AVIF picture.`, 'not-an-image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new PictureInputError(`The picture is ${meta.width}×${meta.height} pixels, more than the ${MAX_INPUT_PIXELS / 1_000_000} megapixels we decode.`, 'too-many-pixels');
  }
  // EXIF orientations 5–8 turn the picture a quarter: its displayed width is its stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, format, hasAlpha: meta.hasAlpha === true };
}

/** One variant: the picture `width` pixels wide (never wider than the original) in `format`. */
export async function encodeVariant(input: Buffer | string, width: number, format: PictureFormat): Promise<Buffer> {
  return OUTPUT[format](open(input).resize({ width, withoutEnlargement: true })).toBuffer();
}

/** Every variant of a picture, one after another: each width of widthsFor in each format (callers run two pictures at a time). */
export async function encodeAll(input: Buffer | string, info: SourceInfo, formats: readonly PictureFormat[], write: (width: number, format: PictureFormat, data: Buffer) => Promise<void>): Promise<void> {
  for (const width of widthsFor(info.width)) {
    for (const format of formats) await write(width, format, await encodeVariant(input, width, format));
  }
}

/** A 16-pixel-wide WebP of the picture as a data: URL (a few hundred bytes): the colours shown while it loads. */
export async function placeholderOf(input: Buffer | string): Promise<string> {
  const data = await open(input).resize({ width: 16 }).webp({ quality: 40 }).toBuffer();
  return `data:image/webp;base64,${data.toString('base64')}`;
}
