/**
 * Saving the open page: the edited documents go to the server together, each with the version it was edited from.
 * The server writes them all or none: it answers with what it saved, with the files changed on disk since (merged
 * into the edits as any change on disk is, then saved again), or with the errors to fix first (shown at their fields).
 */
import { SITE_FILE, type Change, type EditorIssue, type FileRead } from '../../shared/editor-contract';
import { diskChanged } from './disk-merge';
import { backend } from './editor-backend';
import { saveChanges } from './editor-client';
import { clearDraft } from './drafts';
import { parseDocument } from './document-reads';
import { dirtyParts, fileOf, isPartDirty, partOf, PARTS, useEditor, type DiskState, type EditorState, type Part } from './editor-store';

/** The changes a check or a save sends: the page always, pages.json when it was edited. */
export function changesOf(state: EditorState): Change[] {
  return PARTS.filter((part) => part === 'page' || isPartDirty(state, part)).map((part) => ({ file: fileOf(state, part), value: state.doc[part], base: state.disk[part].version }));
}

/** The server's issues, with each path prefixed by the part of the editor's value it is in (issues of other files left out). */
export function located(state: EditorState, issues: EditorIssue[]): EditorIssue[] {
  return issues.flatMap((issue) => {
    const part = partOf(state, issue.file);
    return part ? [{ ...issue, path: [part, ...(issue.path ?? [])] }] : [];
  });
}

/** Fields changed both here and on disk still wait for the editor's choice: nothing is saved until they are decided. */
const waitingConflicts = (state: Pick<EditorState, 'conflicts'>) => PARTS.reduce((n, part) => n + (state.conflicts[part]?.length ?? 0), 0);

const decideFirst = () => `Not saved: some fields were changed both here and ${backend().theirs.where}. For each, keep yours or ${backend().theirs.take.toLowerCase()}, then save.`;

export function save(): Promise<void> {
  return saveOnce(true);
}

/** `mayMerge`: a refusal because a file changed on disk is merged, and the merged documents saved (once). */
async function saveOnce(mayMerge: boolean): Promise<void> {
  const state = useEditor.getState();
  if (waitingConflicts(state) > 0) {
    state.setSave({ kind: 'failed', message: decideFirst() });
    return;
  }
  if (state.save.kind === 'saving' || dirtyParts(state).length === 0) return;
  const doc = state.doc;
  const changes = changesOf(state).filter((c) => isPartDirty(state, partOf(state, c.file)!));
  state.setSave({ kind: 'saving', message: 'Saving…' });
  try {
    const answer = await saveChanges(changes);
    const now = useEditor.getState();
    if (answer.kind === 'conflict') {
      const merged = mergeRefused(answer.conflicts);
      const after = useEditor.getState();
      if (waitingConflicts(after) > 0) after.setSave({ kind: 'failed', message: decideFirst() });
      else if (merged !== undefined && !mayMerge) after.setSave({ kind: 'failed', message: joined(merged, 'Not saved: the file changed on disk again while saving. Save once more.') });
      else if (merged !== undefined) {
        await saveOnce(false);
        const saved = useEditor.getState();
        if (saved.save.kind === 'saved') saved.setSave({ kind: 'saved', message: joined(merged, saved.save.message ?? 'Saved.') });
      }
    } else if (answer.kind === 'invalid') {
      now.setIssues(located(now, answer.issues));
      now.setSave({ kind: 'invalid', message: `${answer.message} The files were left as they were.` });
    } else {
      const disk: Partial<Record<Part, DiskState>> = {};
      for (const s of answer.saved) {
        const part = partOf(now, s.file)!;
        disk[part] = { version: s.version, value: doc[part] };
        // A draft goes only when nothing was typed while the save was on its way.
        if (now.doc[part] === doc[part]) clearDraft(s.file);
      }
      now.saved(disk, answer.message);
    }
  } catch (error) {
    useEditor.getState().setSave({ kind: 'failed', message: `Not saved: ${(error as Error).message}` });
  }
}

/**
 * The files a save was refused for, changed on disk since they were read: each merged into the edits as a change
 * on disk is. What came in, in words; undefined when a file was deleted (then saving writes it again, as the editor has it).
 */
function mergeRefused(files: readonly FileRead[]): string | undefined {
  const told: string[] = [];
  let deleted = false;
  for (const file of files) {
    const state = useEditor.getState();
    const part = partOf(state, file.file);
    if (!part) continue;
    if (file.text === null) {
      useEditor.setState({ disk: { ...state.disk, [part]: { version: null, value: {} } } });
      deleted = true;
      continue;
    }
    state.setSave({ kind: 'idle' });
    diskChanged(part, { version: file.version, value: parseDocument(file.text, file.file) });
    const { save: status } = useEditor.getState();
    if (status.kind === 'merged' && status.message) told.push(status.message);
  }
  if (!deleted) return joined(...told);
  useEditor.getState().setSave({ kind: 'failed', message: 'A file was deleted on disk while you edited it. Saving writes it again with your version.' });
  return undefined;
}

const joined = (...sentences: string[]) => sentences.filter(Boolean).join(' ');

/** Discards the unsaved edits: back to the files as they are on disk, undoable (the notice offers it at once). */
export function discardEdits(): void {
  const { discard, file } = useEditor.getState();
  discard();
  clearDraft(file);
  clearDraft(SITE_FILE);
}
