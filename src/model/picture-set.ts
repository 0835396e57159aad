/**
 * Pictures in several widths and formats, for the browser and the server: the width set every encoder uses
 * (the build's for public/, the server's /_image for the blog API's images), and the PictureSet a <picture>
 * is rendered from (src/kit/picture.tsx). Measured choice of widths: docs/architecture.md, "Pictures".
 */

/** The folder of dist/ (and the URL path) where the build's encoded pictures lie, each name with its content hash. */
export const BUILT_PICTURES_DIR = '_img';

/** Every width a picture is encoded at (never wider than its original, which is added as the last width). */
export const PICTURE_WIDTHS = [480, 768, 1080, 1440, 1920, 2400] as const;

/** The modern formats, best first; the original's format (JPEG, PNG, WebP, AVIF) is the fallback. */
export const MODERN_FORMATS = ['avif', 'webp'] as const;
export type PictureFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const MIME_TYPES: Record<PictureFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/** The widths a picture of this width is encoded at: the set's widths below it, and its own. */
export function widthsFor(originalWidth: number): number[] {
  return [...PICTURE_WIDTHS.filter((w) => w < originalWidth), originalWidth];
}

/** What a <picture> is made of: one <source> per modern format, the fallback's srcset and a tiny placeholder. */
export interface PictureSet {
  sources: Array<{ type: string; srcSet: string }>;
  /** The fallback <img>'s src (a middle width) and srcset, in the original's format. */
  src: string;
  srcSet: string;
  /** A data: URL of a few pixels, blurred by the browser while the picture loads; absent for a picture with transparency. */
  placeholder?: string;
}

/** A PictureSet from a URL per width and format. `fallback` is the original's format. */
export function pictureSetOf(widths: readonly number[], fallback: PictureFormat, urlOf: (width: number, format: PictureFormat) => string, placeholder?: string): PictureSet {
  const srcSet = (format: PictureFormat) => widths.map((w) => `${urlOf(w, format)} ${w}w`).join(', ');
  const formats = MODERN_FORMATS.filter((f) => f !== fallback);
  // The fallback's src, for browsers without srcset: a width that suits most screens.
  const middle = widths.find((w) => w >= 1080) ?? widths.at(-1)!;
  return {
    sources: formats.map((format) => ({ type: MIME_TYPES[format], srcSet: srcSet(format) })),
    src: urlOf(middle, fallback),
    srcSet: srcSet(fallback),
    ...(placeholder ? { placeholder } : {}),
  };
}
