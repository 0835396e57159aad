/**
 * Placeholder text left in the content: a block inserted in the editor starts with its fields' labels in brackets
 * ("[Heading — replace this text]") and the "Choose a picture" illustration (src/editor/shared/placeholder-text.ts).
 * Each one left is a warning, so an unfinished block is not published unnoticed, yet a half-written page still saves.
 */
import { holdsPlaceholder, PLACEHOLDER_PICTURE } from '../../src/editor/shared/placeholder-text.ts';
import type { Finding, JsonPath } from './schema-validator.ts';

/** Every placeholder in a document's value, where it stands. */
export function placeholderFindings(value: unknown, at: JsonPath = []): Finding[] {
  if (typeof value === 'string') {
    if (value === PLACEHOLDER_PICTURE.src) {
      return [{ path: at, rule: 'placeholder-text', message: 'placeholder picture left in this field: choose the picture visitors should see.' }];
    }
    if (holdsPlaceholder(value)) {
      return [{ path: at, rule: 'placeholder-text', message: 'placeholder text left in this field: write the words visitors should read instead.' }];
    }
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => placeholderFindings(item, [...at, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => placeholderFindings(item, [...at, key]));
  return [];
}
