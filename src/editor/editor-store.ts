/**
 * The open page's editing state: the document as the editor holds it (never with defaults filled in: what
 * is saved is what was written), the version on disk it was read from, the undo history, the selection, the
 * content check's issues and where saving stands. One store per editor tab; every change goes through it.
 */
import { create } from 'zustand';
import type { EditorIssue } from './editor-client';
import { pathKey, setIn, type JsonPath } from './json-path';
import { sameValue } from './same-value';

export type Doc = Record<string, unknown>;

/** What a content file held when the editor last read or wrote it. */
export interface DiskState {
  version: string | null;
  value: Doc;
}

export type SaveState = { kind: 'idle' | 'saving' | 'saved' | 'failed' | 'invalid'; message?: string };

/** Typing in one field within this long is one undo step, not one per keystroke. */
const COALESCE_MS = 1500;
const HISTORY_LIMIT = 500;

export interface EditorState {
  file: string;
  /** The route path the page is shown at ("/about"); the preview renders it there. */
  path: string;
  disk: DiskState;
  doc: Doc;
  past: Doc[];
  future: Doc[];
  lastEdit: { key: string; at: number } | null;
  /** The outline's selection: a block's index, or the page's own settings. */
  selected: number | 'page';
  issues: EditorIssue[];
  issuesByPath: ReadonlyMap<string, EditorIssue[]>;
  save: SaveState;
  /** The file changed on disk while this tab had unsaved edits: both are shown until one is chosen. */
  conflict: DiskState | null;
  /** Unsaved edits were restored from the browser's storage when the page was opened. */
  restoredDraft: boolean;

  edit(path: JsonPath, value: unknown, coalesceKey?: string): void;
  /** A change of the whole document (structural edits, taking the disk's version): one undo step. */
  replace(doc: Doc): void;
  undo(): void;
  redo(): void;
  select(selected: number | 'page'): void;
  setIssues(issues: EditorIssue[]): void;
  setSave(save: SaveState): void;
  saved(disk: DiskState): void;
  diskChanged(disk: DiskState): void;
  keepMine(): void;
  takeDisk(): void;
}

function byPath(issues: EditorIssue[]): Map<string, EditorIssue[]> {
  const map = new Map<string, EditorIssue[]>();
  for (const issue of issues) {
    const key = pathKey(issue.path ?? []);
    map.set(key, [...(map.get(key) ?? []), issue]);
  }
  return map;
}

const blockCount = (doc: Doc) => (Array.isArray(doc.blocks) ? doc.blocks.length : 0);

function clampSelection(selected: number | 'page', doc: Doc): number | 'page' {
  if (selected === 'page') return selected;
  const count = blockCount(doc);
  return count === 0 ? 'page' : Math.min(selected, count - 1);
}

export interface OpenedPage {
  file: string;
  path: string;
  disk: DiskState;
  /** The document to start from: the disk's, or a restored draft. */
  doc: Doc;
  conflict: DiskState | null;
  restoredDraft: boolean;
}

export const useEditor = create<EditorState>()((set, get) => ({
  file: '',
  path: '/',
  disk: { version: null, value: {} },
  doc: {},
  past: [],
  future: [],
  lastEdit: null,
  selected: 'page',
  issues: [],
  issuesByPath: new Map(),
  save: { kind: 'idle' },
  conflict: null,
  restoredDraft: false,

  edit(path, value, coalesceKey) {
    const { doc, past, lastEdit } = get();
    const next = setIn(doc, path, value);
    if (next === doc) return;
    const now = performance.now();
    const continues = coalesceKey !== undefined && lastEdit?.key === coalesceKey && now - lastEdit.at < COALESCE_MS && past.length > 0;
    set({
      doc: next,
      past: continues ? past : [...past.slice(-HISTORY_LIMIT + 1), doc],
      future: [],
      lastEdit: coalesceKey === undefined ? null : { key: coalesceKey, at: now },
      save: { kind: 'idle' },
    });
  },
  replace(doc) {
    const state = get();
    if (doc === state.doc) return;
    set({ doc, past: [...state.past.slice(-HISTORY_LIMIT + 1), state.doc], future: [], lastEdit: null, selected: clampSelection(state.selected, doc), save: { kind: 'idle' } });
  },
  undo() {
    const { past, future, doc, selected } = get();
    const previous = past.at(-1);
    if (previous === undefined) return;
    set({ doc: previous, past: past.slice(0, -1), future: [doc, ...future], lastEdit: null, selected: clampSelection(selected, previous), save: { kind: 'idle' } });
  },
  redo() {
    const { past, future, doc, selected } = get();
    const next = future[0];
    if (next === undefined) return;
    set({ doc: next, past: [...past, doc], future: future.slice(1), lastEdit: null, selected: clampSelection(selected, next), save: { kind: 'idle' } });
  },
  select(selected) {
    set({ selected: clampSelection(selected, get().doc) });
  },
  setIssues(issues) {
    set({ issues, issuesByPath: byPath(issues) });
  },
  setSave(save) {
    set({ save });
  },
  saved(disk) {
    set({ disk, conflict: null, restoredDraft: false, save: { kind: 'saved', message: 'Saved.' } });
  },
  diskChanged(disk) {
    const state = get();
    if (disk.version === state.disk.version) return; // our own save, or a touch that changed nothing
    const dirty = !sameValue(state.doc, state.disk.value);
    if (!dirty || sameValue(state.doc, disk.value)) {
      // Nothing of ours to lose: follow the disk (an undoable step, like any other change of the document).
      set({ disk, conflict: null });
      if (!sameValue(state.doc, disk.value)) get().replace(disk.value);
      return;
    }
    set({ conflict: disk });
  },
  keepMine() {
    const { conflict } = get();
    if (conflict) set({ disk: conflict, conflict: null });
  },
  takeDisk() {
    const { conflict } = get();
    if (!conflict) return;
    set({ disk: conflict, conflict: null });
    get().replace(conflict.value);
  },
}));

export function openInStore(page: OpenedPage): void {
  useEditor.setState({
    ...page,
    past: [],
    future: [],
    lastEdit: null,
    selected: 'page',
    issues: [],
    issuesByPath: new Map(),
    save: { kind: 'idle' },
  });
}

/** Whether the document differs from the file on disk; cached for the pair it was asked about. */
let lastDirty: { doc: Doc; disk: Doc; dirty: boolean } | undefined;
export function isDirty(state: Pick<EditorState, 'doc' | 'disk'>): boolean {
  if (lastDirty?.doc !== state.doc || lastDirty.disk !== state.disk.value) {
    lastDirty = { doc: state.doc, disk: state.disk.value, dirty: !sameValue(state.doc, state.disk.value) };
  }
  return lastDirty.dirty;
}
