/**
 * Saving the open page: the edited documents go to the server together, each with the version it was edited from.
 * The server writes them all or none: it answers with what it saved, with the files changed on disk since (shown
 * beside the editor's until one is chosen), or with the errors to fix first (shown at their fields).
 */
import { SITE_FILE, type Change, type EditorIssue } from '../../shared/editor-contract';
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

export async function save(): Promise<void> {
  const state = useEditor.getState();
  if (Object.keys(state.conflicts).length > 0) {
    state.setSave({ kind: 'failed', message: 'Not saved: a file changed on disk. Choose "Keep mine" or "Take the disk\'s" first.' });
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
      const conflicts = { ...now.conflicts };
      for (const c of answer.conflicts) {
        const part = partOf(now, c.file);
        if (part) conflicts[part] = { version: c.version, value: c.text === null ? {} : parseDocument(c.text, c.file) };
      }
      useEditor.setState({ conflicts });
      now.setSave({ kind: 'failed', message: answer.message });
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
      now.saved(disk);
    }
  } catch (error) {
    useEditor.getState().setSave({ kind: 'failed', message: `Not saved: ${(error as Error).message}` });
  }
}

/** Discards the unsaved edits: back to the files as they are on disk (undoable until the page is left). */
export function discardEdits(): void {
  const { disk, replace, file } = useEditor.getState();
  replace({ page: disk.page.value, site: disk.site.value });
  clearDraft(file);
  clearDraft(SITE_FILE);
  useEditor.setState({ restoredDraft: false });
}
