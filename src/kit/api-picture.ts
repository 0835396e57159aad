/**
 * The variants of a picture from the blog API (a banner, an image in an article): URLs of our image endpoint
 * (src/model/image-endpoint-url.ts), in the widths the block's column needs up to a 2× screen. An SVG, or a
 * value that is no http(s) or site path, is shown as it is.
 */
import { imageEndpointUrl } from '../model/image-endpoint-url';
import { PICTURE_WIDTHS, pictureSetOf, type PictureSet } from '../model/picture-set';
import type { PictureLayout } from './picture-layout';

const ENCODABLE = /^(https?:\/\/[^/]+)?\/[^?#]*\.(jpe?g|png|webp|avif)([?#].*)?$/i;

export function apiPicture(src: string, layout: PictureLayout): PictureSet | undefined {
  if (!ENCODABLE.test(src)) return undefined;
  const needed = 2 * layout.largest;
  // Every width up to the first that covers the column on a 2× screen.
  const widths = PICTURE_WIDTHS.filter((_, i) => i === 0 || PICTURE_WIDTHS[i - 1]! < needed);
  return pictureSetOf(widths, 'jpeg', (width, format) => imageEndpointUrl(src, width, format));
}
