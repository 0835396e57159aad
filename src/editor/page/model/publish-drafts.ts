/**
 * Publishing the open page's saved drafts (the studio, for a role that may; editor-backend.ts `publish`): the page and
 * pages.json go live together. Edits not saved yet are not published: they are saved as a draft first.
 */
import { SITE_FILE } from '../../shared/editor-contract';
import { backend } from './editor-backend';
import { refreshSchedules } from './schedules';
import { refreshReviews } from './reviews';
import { readFile } from './editor-client';
import { fileOf, isDirty, PARTS, useEditor, type DiskState, type Part } from './editor-store';

/** `reviewed`: from the review screen, the savedAt of the draft it showed (the server refuses a draft saved since). */
export async function publishDrafts(reviewed?: string): Promise<boolean> {
  const { publish } = backend();
  const state = useEditor.getState();
  if (!publish || state.save.kind === 'saving') return false;
  if (isDirty(state)) {
    state.setSave({ kind: 'failed', message: 'Not published: save your edits as a draft first, then publish.' });
    return false;
  }
  state.setSave({ kind: 'saving', message: 'Publishing: checking the whole site, building and committing…' });
  try {
    const { message } = await publish([state.file, SITE_FILE], reviewed);
    // What is live now is the base of the next draft: the editor's versions follow the published files.
    const disk: Partial<Record<Part, DiskState>> = {};
    for (const part of PARTS) {
      const read = await readFile(fileOf(state, part));
      disk[part] = { version: read.version, value: useEditor.getState().disk[part].value };
    }
    useEditor.getState().saved(disk, message);
    // A schedule of this page ended with the publish (the server says so in its audit log): the toolbar follows.
    void refreshSchedules();
    // And its review, approved by this publish.
    void refreshReviews();
    return true;
  } catch (error) {
    const { message } = error as Error;
    useEditor.getState().setSave({ kind: 'failed', message: message.startsWith('Not published') ? message : `Not published: ${message}` });
    return false;
  }
}
