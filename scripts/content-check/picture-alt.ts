/**
 * A picture's alt is what people who cannot see it get instead, so it must say something: an empty alt, one of
 * spaces, or a file name ("our-story.jpg") is an error. A picture that only decorates is marked
 * `"decorative": true` instead, and only where its block's schema allows it ("x-decorative" beside the picture):
 * a hero's illustration carries meaning, a card's icon beside its title does not.
 */
import path from 'node:path';
import type { Collected, Finding } from './schema-validator.ts';

/** Ends like an image file: an alt such as "team-photo.JPG" is a file name, not a description. */
const IMAGE_FILE_NAME = /\.(svg|png|jpe?g|gif|webp|avif|bmp|tiff?)$/i;

/** Why the alt says nothing, or undefined when it says something. */
function emptyAltReason(alt: string, src: unknown): string | undefined {
  const text = alt.trim();
  if (alt === '') return 'is empty';
  if (text === '') return 'holds only spaces';
  const file = typeof src === 'string' ? path.posix.basename(src).toLowerCase() : '';
  const bare = file.replace(/\.[^.]+$/, '');
  if (IMAGE_FILE_NAME.test(text) || (file !== '' && (text.toLowerCase() === file || text.toLowerCase() === bare))) return `is the file name "${text}", which tells nobody what the picture shows`;
  return undefined;
}

const describeAdvice = 'Write in "alt" what the picture shows, in a short sentence for someone who cannot see it';

/** What is wrong with the alts of the pictures one validation collected: a document's, or a schema example's. */
export function pictureAltFindings(collected: Collected): Finding[] {
  const findings: Finding[] = [];
  const allowed = new Set(collected.decorativeAllowed.map((p) => p.join('/')));
  for (const { path: at, value } of collected.pictures) {
    const mayBeDecorative = allowed.has(at.join('/'));
    const { alt, src } = value;
    if (value.decorative === true) {
      if (!mayBeDecorative) {
        findings.push({ path: at, key: 'decorative', rule: 'picture-alt', message: `this picture cannot be decorative: here it carries meaning, so screen readers must hear it. Remove "decorative": true. ${describeAdvice}.` });
      } else if (typeof alt === 'string' && alt.trim() !== '') {
        findings.push({
          path: [...at, 'alt'],
          rule: 'picture-alt',
          message: `the picture is marked decorative, so screen readers skip it and its alt "${alt}" is never read. Remove "alt", or remove "decorative": true if the picture carries meaning.`,
        });
      }
      continue;
    }
    const decorativeAdvice = mayBeDecorative ? '; or, if it only decorates (it adds nothing the text beside it does not say), write "decorative": true in place of "alt" (the page editor\'s "Decorative picture")' : '';
    if (alt === undefined) {
      findings.push({ path: at, rule: 'picture-alt', message: `the picture ${typeof src === 'string' ? `"${src}" ` : ''}has no "alt". ${describeAdvice}${decorativeAdvice}.` });
      continue;
    }
    if (typeof alt !== 'string') continue; // the schema check reports the wrong type
    const reason = emptyAltReason(alt, src);
    if (reason) findings.push({ path: [...at, 'alt'], rule: 'picture-alt', message: `the picture's "alt" ${reason}. ${describeAdvice}${decorativeAdvice}.` });
  }
  return findings;
}
