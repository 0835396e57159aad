/**
 * Restoring a published version of the open page (the studio, for a role that may): the server makes it the page's
 * draft, and the editor takes that draft as it takes any change, one undo step, so Undo gives back what it held
 * before (then unsaved). What it would replace (unsaved edits here, someone's draft on the server) is asked first.
 */
import { backend, type PageVersion } from './editor-backend';
import { parseDocument } from './document-reads';
import { isPartDirty, useEditor, withConflicts } from './editor-store';
import { backToEdits } from './version-view';
import { replacesText, restoredText } from './version-words';

/** The question to ask before restoring, in words; undefined when restoring replaces nothing. */
export async function restoreQuestion(): Promise<string | undefined> {
  const state = useEditor.getState();
  const drafts = (await backend().pageDrafts?.()) ?? {};
  const draft = drafts[state.file];
  return replacesText({ unsaved: isPartDirty(state, 'page'), ...(draft ? { draft } : {}) });
}

/** Makes `version` the page's draft and opens it; a refusal is thrown with the server's words, and nothing changes. */
export async function restoreVersion(version: PageVersion): Promise<void> {
  const { restore } = backend();
  if (!restore) throw new Error('Only publishers and admins restore old versions.');
  const { file } = useEditor.getState();
  const read = await restore(file, version.commit);
  const value = parseDocument(read.text ?? '{}', file);
  const state = useEditor.getState();
  state.replace({ page: value, site: state.doc.site });
  useEditor.setState({
    disk: { ...state.disk, page: { version: read.version, value } },
    conflicts: withConflicts(state.conflicts, 'page', []),
    restoredDraft: false,
    save: { kind: 'saved', message: restoredText(version) },
  });
  backToEdits();
}
