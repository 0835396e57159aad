/**
 * A block's props before and after a migration → the few text edits that turn one into the other, so that
 * every line the migration does not touch stays as it was (formatting, key order, the other properties).
 *
 * A key removed and a key added with the same value is a rename: the key's text is edited in place. A key
 * removed and another added with a new value: the new one is inserted where the old one was. Other added keys
 * go at the end of their object. Arrays of the same length are compared item by item; an array whose length
 * changes, or whose items moved, is written anew.
 */
import { isDeepStrictEqual } from 'node:util';
import { applyEdits, findNodeAtLocation, modify, parseTree, type Edit, type FormattingOptions, type Node } from 'jsonc-parser';
import type { JsonPath } from '../content-check/schema-validator.ts';

export type PropertyChange =
  | { kind: 'renamed'; path: JsonPath; to: string }
  | { kind: 'replaced'; path: JsonPath; to: string; value: unknown }
  | { kind: 'removed'; path: JsonPath }
  | { kind: 'changed'; path: JsonPath; value: unknown }
  | { kind: 'added'; path: JsonPath; value: unknown };

/** A change and where it applies in the text it was computed from. */
export type LocatedChange = PropertyChange & { offset: number };

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The changes that turn `before` (the value at `at` in the document parsed as `tree`) into `after`. */
export function diffValues(tree: Node, at: JsonPath, before: unknown, after: unknown): LocatedChange[] {
  if (isDeepStrictEqual(before, after)) return [];
  const offsetOf = (path: JsonPath) => {
    const node = findNodeAtLocation(tree, path)!;
    return node.parent?.type === 'property' ? node.parent.offset : node.offset;
  };
  if (isRecord(before) && isRecord(after)) {
    const removed = Object.keys(before).filter((key) => !(key in after));
    const added = Object.keys(after).filter((key) => !(key in before));
    const changes: LocatedChange[] = [];
    const take = (key: string) => added.splice(added.indexOf(key), 1)[0]!;
    for (const key of [...removed]) {
      const sameValue = added.find((candidate) => isDeepStrictEqual(before[key], after[candidate]));
      if (sameValue === undefined) continue;
      changes.push({ kind: 'renamed', path: [...at, key], to: take(sameValue), offset: offsetOf([...at, key]) });
      removed.splice(removed.indexOf(key), 1);
    }
    for (const key of removed) {
      const path = [...at, key];
      const replacement = added.shift();
      changes.push(replacement === undefined ? { kind: 'removed', path, offset: offsetOf(path) } : { kind: 'replaced', path, to: replacement, value: after[replacement], offset: offsetOf(path) });
    }
    const object = findNodeAtLocation(tree, at)!;
    for (const key of added) changes.push({ kind: 'added', path: [...at, key], value: after[key], offset: object.offset + object.length - 1 });
    for (const key of Object.keys(before)) if (key in after) changes.push(...diffValues(tree, [...at, key], before[key], after[key]));
    return changes;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length && !itemsMoved(before, after)) {
    return before.flatMap((item, i) => diffValues(tree, [...at, i], item, after[i]));
  }
  return [{ kind: 'changed', path: at, value: after, offset: offsetOf(at) }];
}

/**
 * Whether an item now holds what its neighbour held: moving one item shifts those between its two places by
 * one. Such an array is written anew, as one whose length changed, not diffed item by item against strangers.
 */
function itemsMoved(before: unknown[], after: unknown[]): boolean {
  return after.some((item, i) => !isDeepStrictEqual(item, before[i]) && (isDeepStrictEqual(item, before[i - 1]) || isDeepStrictEqual(item, before[i + 1])));
}

/** Indentation and line ends as the file already has them, for the text that is inserted. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  const tabs = indent.startsWith('\t');
  return { insertSpaces: !tabs, tabSize: tabs ? 4 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/**
 * Applies changes computed from `text`. The last one in the text goes first, so every change still finds its
 * path and nothing before it has moved (no change ever lies inside a renamed or rewritten value).
 */
export function applyChanges(text: string, changes: readonly LocatedChange[]): string {
  const formattingOptions = formattingOf(text);
  let current = text;
  for (const change of [...changes].sort((a, b) => b.offset - a.offset)) {
    current = applyEdits(current, editsFor(current, change, formattingOptions));
  }
  return current;
}

function editsFor(text: string, change: PropertyChange, formattingOptions: FormattingOptions): Edit[] {
  switch (change.kind) {
    case 'renamed': {
      const key = findNodeAtLocation(parseTree(text)!, change.path)!.parent!.children![0]!;
      return [{ offset: key.offset, length: key.length, content: JSON.stringify(change.to) }];
    }
    case 'replaced': {
      const parentPath = change.path.slice(0, -1);
      const parent = findNodeAtLocation(parseTree(text)!, parentPath)!;
      const index = parent.children!.findIndex((property) => property.children![0]!.value === change.path.at(-1));
      const withoutOld = applyEdits(text, modify(text, change.path, undefined, { formattingOptions }));
      const insert = modify(withoutOld, [...parentPath, change.to], change.value, { formattingOptions, getInsertionIndex: () => index });
      return [{ offset: 0, length: text.length, content: applyEdits(withoutOld, insert) }];
    }
    case 'removed':
      return modify(text, change.path, undefined, { formattingOptions });
    case 'changed': {
      const node = findNodeAtLocation(parseTree(text)!, change.path);
      if (node) return [{ offset: node.offset, length: node.length, content: formatted(text, node.offset, change.value, formattingOptions) }];
      return modify(text, change.path, change.value, { formattingOptions });
    }
    case 'added':
      return modify(text, change.path, change.value, { formattingOptions });
  }
}

/**
 * `value` as the text at `offset` would hold it: one item or property a line, indented from that line's own
 * indentation. Written here rather than by jsonc-parser's formatter, whose edits on a large value (a page's
 * whole list of blocks) take seconds: it applies each of its thousands of whitespace edits to the whole text.
 */
function formatted(text: string, offset: number, value: unknown, { insertSpaces, tabSize, eol }: FormattingOptions): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineIndent = /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
  const unit = insertSpaces ? ' '.repeat(tabSize ?? 2) : '\t';
  return JSON.stringify(value, null, unit).replace(/\n/g, `${eol}${lineIndent}`);
}
