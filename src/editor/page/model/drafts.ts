/**
 * Unsaved edits kept in the browser's storage until they are saved or discarded, so a reload, a closed tab or
 * a crash never loses them. A draft keeps the version it was edited from, its value included: if the file
 * changed on disk meanwhile, the editor merges the two against it when the draft is restored, as it merges any
 * change on disk (editor-store.ts, diskChanged). The undo history goes with the drafts (kept-history.ts).
 */
import { fileOf, isPartDirty, PARTS, type DiskState, type Doc, type EditorState, type Part } from './editor-store';
import { clearHistory, keepHistory } from './kept-history';
import { sameValue } from '../../shared/same-value';
import type { DraftBehind } from '../../shared/editor-contract';

export interface Draft {
  base: string | null;
  /** The document of version `base`; absent in a draft of an older editor, which then merges as if from nothing. */
  baseValue?: unknown;
  value: unknown;
  savedAt: string;
}

const key = (file: string) => `page-editor:draft:${file}`;

export function readDraft(file: string): Draft | undefined {
  try {
    const text = localStorage.getItem(key(file));
    return text ? (JSON.parse(text) as Draft) : undefined;
  } catch {
    return undefined; // storage blocked or a draft from an older editor: nothing to restore
  }
}

/** False when the browser refused to store it (storage full or blocked): the editor says so. */
export function writeDraft(file: string, base: DiskState, value: unknown): boolean {
  try {
    localStorage.setItem(key(file), JSON.stringify({ base: base.version, baseValue: base.value, value, savedAt: new Date().toISOString() } satisfies Draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(file: string): void {
  try {
    localStorage.removeItem(key(file));
  } catch {
    // nothing stored, nothing to clear
  }
}

export interface RestoredDraft {
  doc: Doc;
  /** The version the document was edited from: the disk's, or an older one the caller merges from (`stale`). */
  base: DiskState;
  restored: boolean;
  stale: boolean;
}

const docOr = (value: unknown): Doc => (value !== null && typeof value === 'object' ? (value as Doc) : {});

/**
 * A draft of `file` that differs from the disk, restored with the version it was edited from. `behind`: the
 * studio's team draft, started before the file's last publish; it merges into the disk, with this browser's unsaved
 * edits of it (kept from the same base) in its place.
 */
export function restoreDraft(file: string, disk: DiskState, behind?: DraftBehind): RestoredDraft {
  const draft = readDraft(file);
  if (behind) {
    const local = draft?.base === behind.base && draft.value !== undefined;
    return { doc: docOr(local ? draft.value : behind.value), base: { version: behind.base, value: docOr(behind.baseValue) }, restored: local, stale: true };
  }
  const value = draft?.value as Doc | undefined;
  if (!draft || value === undefined || sameValue(value, disk.value)) {
    if (draft) clearDraft(file);
    return { doc: disk.value, base: disk, restored: false, stale: false };
  }
  if (draft.base === disk.version) return { doc: value, base: disk, restored: true, stale: false };
  return { doc: value, base: { version: draft.base, value: docOr(draft.baseValue) }, restored: true, stale: true };
}

/** The version a part's edits started from: the oldest waiting conflict's (asked again after a reload), else the disk's. */
const baseOf = (state: EditorState, part: Part): DiskState => state.conflicts[part]?.[0]?.since ?? state.disk[part];

/**
 * Keeps a draft of each edited part of the open page, and none of the others, and the undo history while any is
 * edited; false when the browser refused one.
 */
export function keepDrafts(state: EditorState): boolean {
  let kept = true;
  for (const part of PARTS) {
    const file = fileOf(state, part);
    if (!isPartDirty(state, part)) clearDraft(file);
    else if (!writeDraft(file, baseOf(state, part), state.doc[part])) kept = false;
  }
  if (PARTS.some((part) => isPartDirty(state, part))) keepHistory(state.file, state);
  else clearHistory(state.file);
  return kept;
}
