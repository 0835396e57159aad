/**
 * The editor page's documents, carried to its preview frame as changes, not copies. The page edits by structural
 * sharing (an edit copies only the objects on its path), and the frame renders each block again only when its
 * entry is a new object. A message between them is a copy, so each sends only what differs from the documents sent
 * before, named by identity: an unchanged object stays the frame's same object, an item moved in a list is the
 * frame's item from its old place, and only what changed arrives as a new value. A keystroke then sends one
 * block's change, and an insert or a move the order of the list.
 */

/** A change to a value: the new value whole, a change to some of an object's properties, or a list rebuilt. */
export type DocPatch =
  | { value: unknown }
  | { object: Record<string, DocPatch>; removed?: string[] }
  /** Each item: the number of the previous list's item that is kept there, or a change to the previous item at its place. */
  | { list: Array<number | DocPatch> };

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);

/** What turns `before` into `after`; call it only when they are not the same value. */
export function docPatch(before: unknown, after: unknown): DocPatch {
  if (isObject(before) && isObject(after)) {
    const object: Record<string, DocPatch> = {};
    for (const key of Object.keys(after)) if (after[key] !== before[key] || !(key in before)) object[key] = docPatch(before[key], after[key]);
    const removed = Object.keys(before).filter((key) => !(key in after));
    return removed.length > 0 ? { object, removed } : { object };
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    // Only objects are looked up by identity: an equal string or number is the same value anyway.
    const places = new Map<unknown, number>();
    before.forEach((item, i) => {
      if (item !== null && typeof item === 'object') places.set(item, i);
    });
    return { list: after.map((item, i) => (item === before[i] ? i : (places.get(item) ?? docPatch(before[i], item)))) };
  }
  return { value: after };
}

/** `before` changed by `patch`: what is not changed keeps its identity. */
export function applyDocPatch(before: unknown, patch: DocPatch): unknown {
  if ('value' in patch) return patch.value;
  if ('object' in patch) {
    const base = isObject(before) ? before : {};
    const next: Fields = { ...base };
    for (const [key, change] of Object.entries(patch.object)) next[key] = applyDocPatch(base[key], change);
    for (const key of patch.removed ?? []) delete next[key];
    return next;
  }
  const base = Array.isArray(before) ? before : [];
  return patch.list.map((item, i) => (typeof item === 'number' ? base[item] : applyDocPatch(base[i], item)));
}
