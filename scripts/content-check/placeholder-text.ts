/**
 * Placeholder text left in the content: a block inserted in the editor starts with its fields' labels in brackets
 * ("[Heading — replace this text]") and the "Choose a picture" illustration (src/editor/shared/placeholder-text.ts).
 * Each one left is a warning, so an unfinished block is not published unnoticed, yet a half-written page still saves.
 */
import { holdsPlaceholder, PLACEHOLDER_PICTURE } from '../../src/editor/shared/placeholder-text.ts';
import type { Finding, JsonPath } from './schema-validator.ts';

/** Every placeholder in a document's value, where it stands. */
export function placeholderFindings(value: unknown, at: JsonPath = []): Finding[] {
  const findings: Finding[] = [];
  // One path, grown and shrunk as the walk goes, copied for a finding: every document is walked whole, and a new
  // array per value was a tenth of the check's time at 100,000 pages.
  const path = [...at];
  const walk = (item: unknown) => {
    if (typeof item === 'string') {
      const left =
        item === PLACEHOLDER_PICTURE.src
          ? 'placeholder picture left in this field: choose the picture visitors should see.'
          : holdsPlaceholder(item)
            ? 'placeholder text left in this field: write the words visitors should read instead.'
            : undefined;
      if (left) findings.push({ path: [...path], rule: 'placeholder-text', message: left });
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        path.push(i);
        walk(item[i]);
        path.pop();
      }
    } else if (item !== null && typeof item === 'object') {
      for (const key of Object.keys(item)) {
        path.push(key);
        walk((item as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  walk(value);
  return findings;
}
