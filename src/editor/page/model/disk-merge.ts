/**
 * A file changed on disk under unsaved edits: the editor's document is merged with the disk's against the version
 * the edits started from (three-way-merge.ts). What only one side changed is taken at once and told in words; a
 * field both changed waits as a pending conflict, holding the editor's value, until the editor decides it, each on
 * its own. Loaded with the editor's views, not before the page is read: the words need the schemas.
 */
import { isPartDirty, useEditor, withConflicts, type DiskState, type Doc, type Part } from './editor-store';
import { incomingText } from './merge-words';
import { sameValue } from '../../shared/same-value';
import { mergeThreeWay, type MergeConflict } from './three-way-merge';

/** A conflict waiting for the editor's choice, with the two versions it was found between. */
export interface PendingConflict extends MergeConflict {
  /** The version the edits started from: a draft keeps it as its base until every conflict is decided. */
  since: DiskState;
  /** The disk's document it came with. */
  disk: Doc;
}

/** A new version of a file on disk: followed where the editor has no edits, else merged into them (undoable), and told. */
export function diskChanged(part: Part, disk: DiskState): void {
  const state = useEditor.getState();
  if (disk.version === state.disk[part].version) return; // our own save, or a touch that changed nothing
  const mine = state.doc[part];
  const base = state.disk[part];
  const waiting = state.conflicts[part] ?? [];
  if (!isPartDirty(state, part) && waiting.length === 0) {
    // Nothing of ours to lose: follow the disk (an undoable step, like any other change of the document).
    useEditor.setState({ disk: { ...state.disk, [part]: disk } });
    if (!sameValue(mine, disk.value)) state.replace({ ...state.doc, [part]: disk.value });
    return;
  }
  const { merged, conflicts, incoming } = mergeThreeWay(base.value, mine, disk.value);
  const found = conflicts.map((c): PendingConflict => ({ ...c, since: base, disk: disk.value }));
  // Earlier conflicts this change did not touch again still wait.
  const still = waiting.filter((c) => !found.some((f) => f.key === c.key));
  // The merged document holds every change of the disk's: that version is what it is edited from now.
  useEditor.setState({ disk: { ...state.disk, [part]: disk }, conflicts: withConflicts(state.conflicts, part, [...still, ...found]) });
  if (merged !== mine) state.replace({ ...useEditor.getState().doc, [part]: merged });
  const told = incomingText(part, merged, base.value, incoming);
  if (told) useEditor.setState({ save: { kind: 'merged', message: told } });
}

/**
 * `doc` with the disk's side taken for each of `chosen`, and nothing else changed: the merge that takes them is
 * compared with the one that keeps the editor's values, and only that difference is applied to `doc`, so an edit
 * made since the merge stays as it is.
 */
function takeDisks(doc: Doc, chosen: readonly PendingConflict[]): Doc {
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

/** Decides waiting conflicts by key: the editor's values kept, or the disk's taken (one undoable step). */
export function decide(part: Part, keys: readonly string[], side: 'mine' | 'theirs'): void {
  const { conflicts, doc, replace } = useEditor.getState();
  const waiting = conflicts[part] ?? [];
  const chosen = waiting.filter((c) => keys.includes(c.key));
  useEditor.setState({
    conflicts: withConflicts(
      conflicts,
      part,
      waiting.filter((c) => !keys.includes(c.key)),
    ),
  });
  if (side === 'theirs' && chosen.length > 0) replace({ ...doc, [part]: takeDisks(doc[part], chosen) });
}
