/**
 * POST /studio/api/picture { name, data }: a photograph from the studio's editor into the checkout's public/images/.
 * The dev server's upload code does all of it (scripts/editor/picture-upload.ts: the body's shape and size, sharp
 * decoding it whole, no SVG, a name of our own making, never over another file, EXIF removed), so the studio and
 * `npm run dev` take the same pictures. The studio has checked the Origin, the session and the role before the body
 * is read. The file stays uncommitted until a page that uses it is published (publisher.ts).
 */
import { savePicture, tooLarge, UPLOAD_BODY_BYTES, uploadOf } from '../../scripts/editor/picture-upload.ts';
import type { ContentRequest, ContentRoute } from './content-api.ts';

/** `audit` records who uploaded which file (its path in the checkout). */
export function pictureRoute(root: string, audit: (request: ContentRequest, file: string) => Promise<void>): ContentRoute {
  return {
    // An author's draft needs its pictures; nothing goes live until a publisher publishes a page that shows it.
    action: 'edit',
    body: { maxBytes: UPLOAD_BODY_BYTES, tooLarge: tooLarge(undefined).message },
    async run(request) {
      const saved = await savePicture(root, uploadOf(request.body));
      await audit(request, `public${saved.image.src}`);
      return { status: 201, body: saved };
    },
  };
}
