/**
 * A merge with the disk told in the words an editor sees on screen (plain-place.ts): what came in ("The change on
 * disk to Questions and answers (block 4) › Heading was merged."), and where each conflict is and what each side
 * holds there.
 */
import { labelsAlong, placeText } from '../../shared/plain-place';
import type { Located } from '../../shared/schema-model';
import { pageSchema, schemaFiles } from '../../shared/schemas';
import type { PendingConflict } from './disk-merge';
import { backend } from './editor-backend';
import type { Doc, Part } from './editor-store';
import { getIn } from './json-path';
import type { MergeChange, MergeSegment } from './three-way-merge';

const roots: Record<Part, Located> = { page: pageSchema, site: { schema: schemaFiles['pages.schema.json'] ?? {}, file: 'pages.schema.json' } };

const place = (part: Part, doc: Doc, path: readonly MergeSegment[]) => placeText(labelsAlong(schemaFiles, roots[part], doc, path)) || 'the whole file';

/** The merge's name of a list item ("#faq", "fragment:contact-band"), as the last part of its key. */
function identityIndex(list: unknown, key: string): number {
  const identity = key.slice(key.lastIndexOf('/') + 1);
  if (!Array.isArray(list)) return -1;
  if (identity.startsWith('#')) return list.findIndex((item: { id?: unknown } | null) => item?.id === identity.slice(1));
  if (identity.startsWith('fragment:')) return list.findIndex((item: { fragment?: unknown } | null) => item?.fragment === identity.slice('fragment:'.length));
  return -1;
}

/** An item of a list that one side removed: named where it still is, in the first of `docs` that has it. */
function itemPlace(part: Part, docs: readonly Doc[], path: readonly MergeSegment[], key: string): string | undefined {
  for (const doc of docs) {
    const index = identityIndex(getIn(doc, path), key);
    if (index >= 0) return place(part, doc, [...path, index]);
  }
  return undefined;
}

const isOrder = (key: string) => key.endsWith('/order');

/** What came in from disk, in one sentence; undefined when nothing did. `base` is the version before it. */
export function incomingText(part: Part, merged: Doc, base: Doc, incoming: readonly MergeChange[]): string | undefined {
  if (incoming.length === 0) return undefined;
  const { where, from } = backend().theirs;
  if (incoming.length > 1) return `${incoming.length} changes ${from} were merged.`;
  const { key, path } = incoming[0]!;
  if (isOrder(key)) return `The new order of ${place(part, merged, path)} ${where} was merged.`;
  const removed = Array.isArray(getIn(merged, path)) ? itemPlace(part, [base], path, key) : undefined;
  return removed ? `The removal ${where} of ${removed} was merged.` : `The change ${where} to ${place(part, merged, path)} was merged.`;
}

/** Where a conflict is, in words: its field, or the list item one side removed, or the order of a list. */
export function conflictPlace(part: Part, doc: Doc, conflict: PendingConflict): string {
  if (isOrder(conflict.key)) return `Order of ${place(part, doc, conflict.path)}`;
  if (!Array.isArray(getIn(doc, conflict.path))) return place(part, doc, conflict.path);
  return itemPlace(part, [doc, conflict.disk, conflict.since.value], conflict.path, conflict.key) ?? place(part, doc, conflict.path);
}

const MAX_TEXT = 160;

/** One side's value at a conflict, for reading: text as it is, a removed item as "Removed", an order as its names. */
export function sideText(conflict: PendingConflict, value: unknown): string {
  if (value === undefined) return 'Removed';
  if (isOrder(conflict.key) && Array.isArray(value)) return value.map((id) => String(id).replace(/^#|^fragment:/, '')).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === '') return '(empty)';
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? `${value.length} item${value.length === 1 ? '' : 's'}` : 'Changed';
  const text = String(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}
