/**
 * What a draft changes on the live page, in the words the editor shows (plain-place.ts), for the review screen:
 * each field by its block's title and its label with the old and new value, blocks added and removed, blocks that
 * changed place. Blocks are matched by their identity (block-identity.ts), not their place, so one inserted block
 * is one line and not a change of every block below it.
 */
import { entryKeys } from './block-identity';
import { labelsAlong, placeText } from './plain-place';
import { differingPaths } from './same-value';
import { pageNameOfFile } from './editor-contract';
import type { Located, SchemaFiles } from './schema-model';

export interface ChangeLine {
  kind: 'changed' | 'added' | 'removed' | 'moved';
  /** "Client quotes (block 5) › Testimonial 3 › Quote". */
  place: string;
  /** For a changed field: the value before and after, as text. */
  before?: string;
  after?: string;
}

type Segment = string | number;
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const MAX_TEXT = 400;

function valueAt(value: unknown, path: readonly Segment[]): unknown {
  let current = value;
  for (const segment of path) current = isRecord(current) || Array.isArray(current) ? (current as Record<Segment, unknown>)[segment] : undefined;
  return current;
}

/** A value as a person reads it: text as it is, a list by its length, a picture by its file, nothing as "(empty)". */
export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (isRecord(value) && typeof value.src === 'string') return `picture ${value.src}`;
  const json = JSON.stringify(value);
  return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT)}…` : json;
}

/** The longest run of keys the two orders share: a block outside it is one that moved. */
function keptInOrder(before: readonly string[], after: readonly string[]): Set<string> {
  const lengths = before.map(() => after.map(() => 0));
  for (let i = before.length - 1; i >= 0; i--) for (let j = after.length - 1; j >= 0; j--) lengths[i]![j] = before[i] === after[j] ? 1 + (lengths[i + 1]?.[j + 1] ?? 0) : Math.max(lengths[i + 1]?.[j] ?? 0, lengths[i]![j + 1] ?? 0);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (before[i] === after[j]) {
      kept.add(before[i]!);
      i++;
      j++;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return kept;
}

export function changeWords(files: SchemaFiles, file: string, before: unknown, after: unknown): ChangeLine[] {
  if (before === undefined) return [{ kind: 'added', place: 'The whole page (a new page)' }];
  const root: Located = pageNameOfFile(file) === undefined ? { schema: files['pages.schema.json'] ?? {}, file: 'pages.schema.json' } : { schema: files['page.schema.json'] ?? {}, file: 'page.schema.json' };
  const place = (value: unknown, path: readonly Segment[]) => placeText(labelsAlong(files, root, value, path)) || 'The whole page';
  const lines: ChangeLine[] = [];
  const fieldChanges = (beforeAt: readonly Segment[], afterAt: readonly Segment[]) => {
    for (const path of differingPaths(valueAt(before, beforeAt), valueAt(after, afterAt))) {
      const old = valueAt(before, [...beforeAt, ...path]);
      const now = valueAt(after, [...afterAt, ...path]);
      lines.push({ kind: 'changed', place: now === undefined ? place(before, [...beforeAt, ...path]) : place(after, [...afterAt, ...path]), before: valueText(old), after: valueText(now) });
    }
  };
  const blocksBefore = isRecord(before) && Array.isArray(before.blocks) ? before.blocks : undefined;
  const blocksAfter = isRecord(after) && Array.isArray(after.blocks) ? after.blocks : undefined;
  if (!blocksBefore || !blocksAfter || !isRecord(before) || !isRecord(after)) {
    fieldChanges([], []);
    return lines;
  }
  // The page's own fields (title, description…), then its blocks by identity.
  const withoutBlocks = (doc: Record<string, unknown>) => Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'blocks'));
  for (const path of differingPaths(withoutBlocks(before), withoutBlocks(after))) {
    const now = valueAt(after, path);
    lines.push({ kind: 'changed', place: now === undefined ? place(before, path) : place(after, path), before: valueText(valueAt(before, path)), after: valueText(now) });
  }
  const keysBefore = entryKeys(blocksBefore);
  const keysAfter = entryKeys(blocksAfter);
  const kept = keptInOrder(
    keysBefore.filter((k) => keysAfter.includes(k)),
    keysAfter.filter((k) => keysBefore.includes(k)),
  );
  keysAfter.forEach((key, index) => {
    const was = keysBefore.indexOf(key);
    if (was === -1) lines.push({ kind: 'added', place: place(after, ['blocks', index]) });
    else {
      if (!kept.has(key)) lines.push({ kind: 'moved', place: place(after, ['blocks', index]) });
      fieldChanges(['blocks', was], ['blocks', index]);
    }
  });
  keysBefore.forEach((key, index) => {
    if (!keysAfter.includes(key)) lines.push({ kind: 'removed', place: place(before, ['blocks', index]) });
  });
  return lines;
}
