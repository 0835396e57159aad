/**
 * What a publish changed, in the words the editor shows (plain-place.ts): "About: Home page opening (block 1) ›
 * Heading; Client quotes (block 5) › Testimonial 3 › Quote". It is the commit message's first line (shortened)
 * and its body (every place), so the history reads like the editor, not like JSON.
 */
import { labelsAlong, placeText } from '../../src/editor/shared/plain-place.ts';
import { differingPaths } from '../../src/editor/shared/same-value.ts';
import type { Located, SchemaFiles } from '../../src/editor/shared/schema-model.ts';
import { pageNameOfFile } from '../../src/editor/shared/editor-contract.ts';
import { labelOf } from '../../src/editor/shared/schema-model.ts';

const SHOWN_IN_SUBJECT = 2;

/** "about" → "About", "customer-support" → "Customer support"; pages.json → "Site settings". */
export const fileTitle = (file: string) => {
  const page = pageNameOfFile(file);
  return page === undefined ? 'Site settings' : labelOf(page, {});
};

/** Every place that differs between the two versions of a file, in words; a new file is "new page". */
export function changedPlaces(files: SchemaFiles, file: string, before: unknown, after: unknown): string[] {
  if (before === undefined) return ['new page'];
  const root: Located = pageNameOfFile(file) === undefined ? { schema: files['pages.schema.json'] ?? {}, file: 'pages.schema.json' } : { schema: files['page.schema.json'] ?? {}, file: 'page.schema.json' };
  // A removed or added block is named where it stood, in the version that has it.
  return [...new Set(differingPaths(before, after).map((path) => placeText(labelsAlong(files, root, getsValue(after, path) ? after : before, path)) || 'the whole file'))];
}

function getsValue(value: unknown, path: ReadonlyArray<string | number>): boolean {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !(segment in (current as object))) return false;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return true;
}

/** The commit message: a subject of at most a few places, then every place, one per line. */
export function commitMessage(changes: ReadonlyArray<{ file: string; places: string[] }>, extra?: string): string {
  const subject = changes.map(({ file, places }) => `${fileTitle(file)}: ${places.slice(0, SHOWN_IN_SUBJECT).join('; ')}${places.length > SHOWN_IN_SUBJECT ? ` and ${places.length - SHOWN_IN_SUBJECT} more` : ''}`).join(' · ');
  const body = changes.flatMap(({ file, places }) => places.map((place) => `- ${fileTitle(file)}: ${place}`)).join('\n');
  return `${subject}\n\n${body}${extra ? `\n\n${extra}` : ''}\n`;
}
