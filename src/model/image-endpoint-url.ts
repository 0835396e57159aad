/**
 * The URL of the server's image endpoint for pictures it does not build (the blog API's banners and body images):
 * `GET /_image?src=<the picture's URL>&w=<a width of PICTURE_WIDTHS>&f=<avif|webp|jpeg>`. The server
 * (server/images/image-endpoint.ts) reads these parameters; the blog's pictures ask for them
 * (src/kit/api-picture.ts).
 */
import type { PictureFormat } from './picture-set';

export const IMAGE_ENDPOINT_PATH = '/_image';

/** What the endpoint encodes to (PNG only comes from the build, which keeps a PNG's transparency). */
export const ENDPOINT_FORMATS: readonly PictureFormat[] = ['avif', 'webp', 'jpeg'];

export function imageEndpointUrl(src: string, width: number, format: PictureFormat): string {
  return `${IMAGE_ENDPOINT_PATH}?src=${encodeURIComponent(src)}&w=${width}&f=${format}`;
}
