/**
 * The undo history kept in the browser's storage beside the drafts, so a reload keeps undo and redo as well as
 * the edits. Each step is kept as the change from the state after it (doc-patch.ts), not as a copy of the page,
 * and only the newest steps: at most KEPT_STEPS each way, and no more than KEPT_CHARS of text in all. It belongs
 * to the documents it was kept with: restored only when the restored documents are those (by a fingerprint).
 */
import { applyDocPatch, docPatch, type DocPatch } from '../../shared/doc-patch';
import type { Root } from './editor-store';

export const KEPT_STEPS = 100;
export const KEPT_CHARS = 200_000;

interface KeptHistory {
  /** The fingerprint of the documents the steps lead back (and forward) from. */
  of: string;
  /** Newest first: each turns the state after it (the documents, for the first) into the one before. */
  back: DocPatch[];
  /** Nearest first: each turns the state before it into the next one redo gives. */
  forward: DocPatch[];
}

const key = (file: string) => `page-editor:history:${file}`;

/** A short fingerprint of the documents' text (FNV-1a), with its length: enough to tell another state apart. */
function fingerprint(doc: Root): string {
  const text = JSON.stringify(doc);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}

/** Steps already written as changes, by the state they start from: a state never changes, so neither does its step. */
const written = new WeakMap<Root, { to: Root; patch: DocPatch; chars: number }>();

function stepOf(from: Root, to: Root): { patch: DocPatch; chars: number } {
  const known = written.get(from);
  if (known?.to === to) return known;
  const patch = docPatch(from, to);
  const step = { to, patch, chars: JSON.stringify(patch).length };
  written.set(from, step);
  return step;
}

/** The changes along `states` (the current documents first), as long as the bounds allow; `budget` is shared. */
function patchesAlong(states: readonly Root[], budget: { chars: number }): DocPatch[] {
  const patches: DocPatch[] = [];
  for (let i = 1; i < states.length && patches.length < KEPT_STEPS; i++) {
    const { patch, chars } = stepOf(states[i - 1]!, states[i]!);
    budget.chars -= chars;
    if (budget.chars < 0) break;
    patches.push(patch);
  }
  return patches;
}

export function keepHistory(file: string, state: { doc: Root; past: readonly Root[]; future: readonly Root[] }): boolean {
  const budget = { chars: KEPT_CHARS };
  // Redo's steps first: the nearer ones are what a reload most needs, then undo's from the newest back.
  const forward = patchesAlong([state.doc, ...state.future], budget);
  const back = patchesAlong([state.doc, ...[...state.past].reverse()], budget);
  try {
    localStorage.setItem(key(file), JSON.stringify({ of: fingerprint(state.doc), back, forward } satisfies KeptHistory));
    return true;
  } catch {
    return false; // storage full: the drafts themselves matter more, and they are written first
  }
}

/** The history kept for `doc` (the documents as restored), or an empty one when none was kept for exactly them. */
export function readHistory(file: string, doc: Root): { past: Root[]; future: Root[] } {
  let kept: KeptHistory | undefined;
  try {
    kept = JSON.parse(localStorage.getItem(key(file)) ?? 'null') as KeptHistory | undefined;
  } catch {
    kept = undefined;
  }
  if (!kept || kept.of !== fingerprint(doc) || !Array.isArray(kept.back) || !Array.isArray(kept.forward)) return { past: [], future: [] };
  const walk = (patches: DocPatch[]) => {
    const states: Root[] = [];
    let at = doc;
    for (const patch of patches) states.push((at = applyDocPatch(at, patch) as Root));
    return states;
  };
  return { past: walk(kept.back).reverse(), future: walk(kept.forward) };
}

export function clearHistory(file: string): void {
  try {
    localStorage.removeItem(key(file));
  } catch {
    // nothing stored, nothing to clear
  }
}
