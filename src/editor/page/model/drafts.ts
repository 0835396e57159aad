/**
 * Unsaved edits kept in the browser's storage until they are saved or discarded, so a reload, a closed tab or
 * a crash never loses them. A draft remembers the file's version it was edited from: if the file changed on
 * disk meanwhile, the editor shows both instead of picking one.
 */
import { fileOf, isPartDirty, PARTS, type DiskState, type Doc, type EditorState } from './editor-store';
import { sameValue } from './same-value';

export interface Draft {
  base: string | null;
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
export function writeDraft(file: string, base: string | null, value: unknown): boolean {
  try {
    localStorage.setItem(key(file), JSON.stringify({ base, value, savedAt: new Date().toISOString() } satisfies Draft));
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

/** A draft of `file` that differs from the disk: restored, or shown beside the disk's when the file changed since. */
export function restoreDraft(file: string, disk: DiskState): { doc: Doc; base: DiskState; conflict?: DiskState; restored: boolean } {
  const draft = readDraft(file);
  const value = draft?.value as Doc | undefined;
  if (!draft || value === undefined || sameValue(value, disk.value)) {
    if (draft) clearDraft(file);
    return { doc: disk.value, base: disk, restored: false };
  }
  if (draft.base !== disk.version) return { doc: value, base: { version: draft.base, value: disk.value }, conflict: disk, restored: true };
  return { doc: value, base: disk, restored: true };
}

/** Keeps a draft of each edited part of the open page, and none of the others; false when the browser refused one. */
export function keepDrafts(state: EditorState): boolean {
  let kept = true;
  for (const part of PARTS) {
    const file = fileOf(state, part);
    if (!isPartDirty(state, part)) clearDraft(file);
    else if (!writeDraft(file, state.disk[part].version, state.doc[part])) kept = false;
  }
  return kept;
}
