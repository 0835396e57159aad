/**
 * A file changed on disk under unsaved edits: the editor's document is merged with the disk's against the version
 * the edits started from (three-way-merge.ts). What only one side changed is taken at once; a field both changed
 * waits as a pending conflict, holding the editor's value, until the editor decides it, each on its own.
 */
import { mergeThreeWay, type MergeChange, type MergeConflict } from './three-way-merge';
import type { DiskState, Doc } from './editor-store';

/** A conflict waiting for the editor's choice, with the two versions it was found between. */
export interface PendingConflict extends MergeConflict {
  /** The version the edits started from: a draft keeps it as its base until every conflict is decided. */
  since: DiskState;
  /** The disk's document it came with. */
  disk: Doc;
}

export interface DiskMerge {
  doc: Doc;
  /** The conflicts still waiting: those found now, and earlier ones this change on disk did not touch again. */
  conflicts: PendingConflict[];
  incoming: MergeChange[];
}

export function mergeWithDisk(base: DiskState, mine: Doc, theirs: DiskState, waiting: readonly PendingConflict[]): DiskMerge {
  const { merged, conflicts, incoming } = mergeThreeWay(base.value, mine, theirs.value);
  const found = conflicts.map((c): PendingConflict => ({ ...c, since: base, disk: theirs.value }));
  const foundKeys = new Set(found.map((c) => c.key));
  return { doc: merged, conflicts: [...waiting.filter((c) => !foundKeys.has(c.key)), ...found], incoming };
}

/**
 * `doc` with the disk's side taken for each of `chosen`, and nothing else changed: the merge that takes them is
 * compared with the one that keeps the editor's values, and only that difference is applied to `doc`, so an edit
 * made since the merge stays as it is.
 */
export function takeDisks(doc: Doc, chosen: readonly PendingConflict[]): Doc {
  let next = doc;
  for (const disk of new Set(chosen.map((c) => c.disk))) {
    const group = chosen.filter((c) => c.disk === disk);
    const since = group[0]!.since.value;
    const kept = mergeThreeWay(since, next, disk).merged;
    const taken = mergeThreeWay(since, next, disk, new Map(group.map((c) => [c.key, 'theirs'] as const))).merged;
    next = mergeThreeWay(kept, next, taken).merged;
  }
  return next;
}

/** The version a part's edits started from: the oldest waiting conflict's, else the disk's. */
export const baseOf = (disk: DiskState, waiting: readonly PendingConflict[] | undefined): DiskState => waiting?.[0]?.since ?? disk;
