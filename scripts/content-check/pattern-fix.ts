/**
 * The value a schema's "pattern" was most likely meant to get, from one it refuses: every pattern of the
 * content is a name or a path of lower-case words joined by hyphens, and the usual slips are capitals, spaces,
 * underscores and a missing or extra "/".
 */
import { slugify } from '../../src/model/slugify.ts';

/** Each segment of a path as a slug, a ":name" segment kept: "/Partners page/" → "partners-page". */
const slugPath = (value: string) =>
  value
    .split('/')
    .map((segment) => (/^:[a-z]+$/i.test(segment) ? segment.toLowerCase() : slugify(segment)))
    .filter((segment) => segment !== '')
    .join('/');

/** A value the pattern accepts, guessed from `value`; undefined when no guess passes the pattern itself. */
export function fixToPattern(value: string, pattern: string): string | undefined {
  let accepts: RegExp;
  try {
    accepts = new RegExp(pattern, 'u');
  } catch {
    return undefined; // the schema check reports a broken pattern
  }
  const slug = slugPath(value);
  if (slug === '') return undefined; // nothing of the value is left to suggest ("/" for "/§" is another page)
  // Only a guess the pattern accepts: a suggestion that is refused in turn sends the reader in a circle.
  return [slug, `/${slug}`].find((guess) => guess !== value && accepts.test(guess));
}
