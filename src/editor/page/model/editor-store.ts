/**
 * The editing state of one tab: the open page's document and pages.json, edited together as one value
 * (`doc.page`, `doc.site`), so a change that spans both (a renamed path and its redirect, a fragment, the
 * layout) is one undo step and one save. Documents are held as written (never with defaults filled in: what
 * is saved is what was written), with the versions on disk they were read from, the undo history, the
 * selection, the content check's issues and where saving stands.
 */
import { create } from 'zustand';
import { pageNameOfFile, SITE_FILE, type EditorIssue } from '../../shared/editor-contract';
import type { PendingConflict } from './disk-merge';
import { pathKey, setIn, type JsonPath } from './json-path';
import { sameValue } from '../../shared/same-value';

export type Doc = Record<string, unknown>;
export type Part = 'page' | 'site';
export type Root = Record<Part, Doc>;
export const PARTS: readonly Part[] = ['page', 'site'];

/** What a content file held when the editor last read or wrote it. */
export interface DiskState {
  version: string | null;
  value: Doc;
}

/** Where saving stands; `merged` tells what came in from disk (a status, not a failure). */
export type SaveState = { kind: 'idle' | 'saving' | 'saved' | 'failed' | 'invalid' | 'merged'; message?: string };

/** The outline's selection: a block's index, the page's own settings, or the site's header or footer. */
export type Selection = number | 'page' | 'header' | 'footer';

/** Typing in one field within this long is one undo step, not one per keystroke. */
const COALESCE_MS = 1500;
/** One object for "nothing to report", so an edit leaves the save state as it was when it already said so. */
const IDLE: SaveState = { kind: 'idle' };
const HISTORY_LIMIT = 500;

export interface EditorState {
  /** The page document's file ("pages/about.json"). */
  file: string;
  /** The route path the page is shown at ("/about"); the preview renders it there. */
  path: string;
  disk: Record<Part, DiskState>;
  doc: Root;
  past: Root[];
  future: Root[];
  lastEdit: { key: string; at: number } | null;
  selected: Selection;
  /** Issues with their paths prefixed by the part they are in (["page", "title"]). */
  issues: EditorIssue[];
  issuesByPath: ReadonlyMap<string, EditorIssue[]>;
  save: SaveState;
  /** Fields changed both here and on disk, each waiting for the editor's choice (disk-merge.ts); saving waits too. */
  conflicts: Partial<Record<Part, PendingConflict[]>>;
  /** The edits were just discarded: what undoing the discard gives back besides the document. */
  discarded: { conflicts: EditorState['conflicts'] } | null;
  /** Unsaved edits were restored from the browser's storage when the page was opened. */
  restoredDraft: boolean;
  /** The preview has shown the page once since it was opened (the first content check waits for it). */
  previewShown: boolean;

  edit(path: JsonPath, value: unknown, coalesceKey?: string): void;
  /** A change of a whole document or both (structural edits, taking the disk's version): one undo step. */
  replace(doc: Root, selected?: Selection): void;
  undo(): void;
  redo(): void;
  select(selected: Selection): void;
  setIssues(issues: EditorIssue[]): void;
  setSave(save: SaveState): void;
  saved(disk: Partial<Record<Part, DiskState>>, message?: string): void;
  /** Back to the files as they are on disk, as one undo step. */
  discard(): void;
}

export const fileOf = (state: Pick<EditorState, 'file'>, part: Part) => (part === 'page' ? state.file : SITE_FILE);
export const partOf = (state: Pick<EditorState, 'file'>, file: string): Part | undefined => (file === state.file ? 'page' : file === SITE_FILE ? 'site' : undefined);

function byPath(issues: EditorIssue[]): Map<string, EditorIssue[]> {
  const map = new Map<string, EditorIssue[]>();
  for (const issue of issues) {
    const key = pathKey(issue.path ?? []);
    map.set(key, [...(map.get(key) ?? []), issue]);
  }
  return map;
}

/** The path the page is shown at now: its route's path in the open pages.json (renamed paths included). */
export function pathOf(state: Pick<EditorState, 'doc' | 'file' | 'path'>): string {
  const page = pageNameOfFile(state.file);
  const routes = (state.doc.site.routes ?? []) as Array<{ path: string; page: string }>;
  const route = routes.find((r) => r.page === page && r.path === state.path) ?? routes.find((r) => r.page === page);
  return route?.path.includes(':') ? state.path : (route?.path ?? state.path);
}

export const blocksOf = (doc: Root): unknown[] => (Array.isArray(doc.page.blocks) ? doc.page.blocks : []);

/**
 * The issues still true of `next`: a block's issues are found by its place, so after a move, an insert or a
 * removal they would name another block until the next check. Only those of a block still at its place (the
 * same object there, kept by structural sharing) stay; the next check brings the others back where they belong.
 */
function placedIssues(issues: EditorIssue[], before: Root, next: Root): Pick<EditorState, 'issues' | 'issuesByPath'> | undefined {
  const [was, now] = [blocksOf(before), blocksOf(next)];
  if (was === now) return undefined;
  const kept = issues.filter((issue) => {
    const [part, list, index] = issue.path ?? [];
    return part !== 'page' || list !== 'blocks' || typeof index !== 'number' || (was[index] !== undefined && was[index] === now[index]);
  });
  return kept.length === issues.length ? undefined : { issues: kept, issuesByPath: byPath(kept) };
}

function clampSelection(selected: Selection, doc: Root): Selection {
  if (typeof selected !== 'number') return selected;
  const count = blocksOf(doc).length;
  return count === 0 ? 'page' : Math.min(selected, count - 1);
}

export interface OpenedPage {
  file: string;
  path: string;
  disk: Record<Part, DiskState>;
  /** The documents to start from: the disk's, or a restored draft. */
  doc: Root;
  restoredDraft: boolean;
  selected?: Selection;
  /** The undo history kept with a restored draft. */
  past?: Root[];
  future?: Root[];
}

const emptyDisk: DiskState = { version: null, value: {} };

export const useEditor = create<EditorState>()((set, get) => ({
  file: '',
  path: '/',
  disk: { page: emptyDisk, site: emptyDisk },
  doc: { page: {}, site: {} },
  past: [],
  future: [],
  lastEdit: null,
  selected: 'page',
  issues: [],
  issuesByPath: new Map(),
  save: IDLE,
  conflicts: {},
  discarded: null,
  restoredDraft: false,
  previewShown: false,

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
      save: IDLE,
      discarded: null,
    });
  },
  replace(doc, selected) {
    const state = get();
    if (doc === state.doc) return;
    set({ doc, past: [...state.past.slice(-HISTORY_LIMIT + 1), state.doc], future: [], lastEdit: null, selected: clampSelection(selected ?? state.selected, doc), save: IDLE, discarded: null, ...placedIssues(state.issues, state.doc, doc) });
  },
  undo() {
    const { past, future, doc, selected, discarded, conflicts, issues } = get();
    const previous = past.at(-1);
    if (previous === undefined) return;
    // Undoing a discard brings back the questions the discard had answered with the disk's values.
    set({
      doc: previous,
      past: past.slice(0, -1),
      future: [doc, ...future],
      lastEdit: null,
      selected: clampSelection(selected, previous),
      save: IDLE,
      conflicts: discarded?.conflicts ?? conflicts,
      discarded: null,
      ...placedIssues(issues, doc, previous),
    });
  },
  redo() {
    const { past, future, doc, selected, issues } = get();
    const next = future[0];
    if (next === undefined) return;
    set({ doc: next, past: [...past, doc], future: future.slice(1), lastEdit: null, selected: clampSelection(selected, next), save: IDLE, discarded: null, ...placedIssues(issues, doc, next) });
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
  saved(disk, message = 'Saved.') {
    set({ disk: { ...get().disk, ...disk }, conflicts: {}, restoredDraft: false, save: { kind: 'saved', message } });
  },
  discard() {
    const { disk, conflicts } = get();
    get().replace({ page: disk.page.value, site: disk.site.value });
    set({ conflicts: {}, discarded: { conflicts }, restoredDraft: false });
  },
}));

/** The conflicts with `part`'s replaced by `list` (none: the part is left out). */
export function withConflicts(all: EditorState['conflicts'], part: Part, list: PendingConflict[]): EditorState['conflicts'] {
  const { [part]: _replaced, ...rest } = all;
  return list.length > 0 ? { ...rest, [part]: list } : rest;
}

export function openInStore(page: OpenedPage): void {
  useEditor.setState({
    selected: 'page',
    ...page,
    past: page.past ?? [],
    future: page.future ?? [],
    conflicts: {},
    discarded: null,
    lastEdit: null,
    issues: [],
    issuesByPath: new Map(),
    save: IDLE,
    previewShown: false,
  });
}

/** The parts whose document differs from the file on disk. */
export function dirtyParts(state: Pick<EditorState, 'doc' | 'disk'>): Part[] {
  return PARTS.filter((part) => isPartDirty(state, part));
}

const lastDirty: Partial<Record<Part, { doc: Doc; disk: Doc; dirty: boolean }>> = {};
/** Whether one part differs from its file; cached for the pair it was asked about. */
export function isPartDirty(state: Pick<EditorState, 'doc' | 'disk'>, part: Part): boolean {
  const cached = lastDirty[part];
  if (cached?.doc !== state.doc[part] || cached.disk !== state.disk[part].value) {
    lastDirty[part] = { doc: state.doc[part], disk: state.disk[part].value, dirty: !sameValue(state.doc[part], state.disk[part].value) };
  }
  return lastDirty[part]!.dirty;
}

export const isDirty = (state: Pick<EditorState, 'doc' | 'disk'>) => dirtyParts(state).length > 0;
