/**
 * A photograph from the editor's computer into the project: checked here first for what the browser already knows
 * (one file, its size) so a mistake is said at once, then sent to the editor's server (the dev server or the studio),
 * which checks it again by its content and writes it into public/images/. The new picture joins the site store's
 * list, so the library shows it at once.
 */
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES, type PublicImage } from '../../shared/editor-contract';
import { sendPicture } from './editor-client';
import { useSite } from './site-store';

/** The file's bytes in base64, without the data: URL's prefix. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error(`“${file.name}” could not be read from your computer. Try again, or save a copy of it and upload that.`));
    reader.readAsDataURL(file);
  });
}

/** Why these files cannot be uploaded, before anything is sent; undefined when they can. */
export function refusalOfFiles(files: readonly File[]): string | undefined {
  if (files.length === 0) return 'Nothing to upload: choose or drop a photograph.';
  if (files.length > 1) return `${files.length} files were dropped; upload one photograph at a time.`;
  const [file] = files as [File];
  if (file.size > MAX_UPLOAD_BYTES) return `“${file.name}” is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, the most the editor takes. Save a smaller copy (2400 pixels wide is plenty) and upload that.`;
  // The type is the browser's guess from the name; only the server's look at the content decides, but a PDF need not travel.
  if (file.type !== '' && !file.type.startsWith('image/')) return `“${file.name}” is not a picture. Choose a photograph saved as JPEG, PNG, WebP or AVIF.`;
  return undefined;
}

/** What the file picker offers (the contract's upload types). */
export const ACCEPTED_TYPES = UPLOAD_TYPES.join(',');

/** Uploads one photograph; resolves to the picture as written, or rejects with a message for people. */
export async function uploadPicture(file: File): Promise<Required<PublicImage>> {
  const refusal = refusalOfFiles([file]);
  if (refusal) throw new Error(refusal);
  const { image } = await sendPicture({ name: file.name, data: await base64Of(file) });
  useSite.setState((s) => ({ images: [...s.images.filter((i) => i.src !== image.src), image].sort((a, b) => a.src.localeCompare(b.src)) }));
  return image;
}
