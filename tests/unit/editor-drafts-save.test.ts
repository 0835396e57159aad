/**
 * The editor's drafts (unsaved edits kept in the browser's storage) and its save protocol against the server's
 * three answers, with the API client replaced by one that answers as the test says.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Change, SaveAnswer } from '../../src/editor/shared/editor-contract';
import { keepDrafts, readDraft, restoreDraft, writeDraft } from '../../src/editor/page/model/drafts';
import { chooseBackend } from '../../src/editor/page/model/editor-backend';
import { devBackend } from '../../src/editor/page/dev-backend';
import { openInStore, useEditor, type DiskState } from '../../src/editor/page/model/editor-store';
import { discardEdits, save } from '../../src/editor/page/model/save-protocol';
import { diskChanged } from '../../src/editor/page/model/disk-merge';

const client = vi.hoisted(() => ({ answer: undefined as unknown, sent: [] as unknown[] }));
vi.mock('../../src/editor/page/model/editor-client', () => ({
  saveChanges: async (changes: Change[]) => {
    client.sent.push(changes);
    if (client.answer instanceof Error) throw client.answer;
    return client.answer as SaveAnswer;
  },
}));

const PAGE = 'pages/about.json';
const pageDisk: DiskState = { version: 'v1', value: { title: 'About' } };
const siteDisk: DiskState = { version: 's1', value: { routes: [{ path: '/about', page: 'about' }] } };

function open(): void {
  openInStore({ file: PAGE, path: '/about', disk: { page: pageDisk, site: siteDisk }, doc: { page: pageDisk.value, site: siteDisk.value }, restoredDraft: false });
}

// The dev server's words ("on disk"); the studio's are tested in its browser tests.
chooseBackend(devBackend);

beforeEach(() => {
  localStorage.clear();
  client.answer = undefined;
  client.sent = [];
  open();
});

describe('drafts', () => {
  it('restore a draft edited from the version on disk, and one edited from an older version with that version, to merge from', () => {
    writeDraft(PAGE, pageDisk, { title: 'Mine' });
    expect(restoreDraft(PAGE, pageDisk)).toEqual({ doc: { title: 'Mine' }, base: pageDisk, restored: true, stale: false });
    const changed = { version: 'v2', value: { title: 'About', intro: 'Theirs' } };
    expect(restoreDraft(PAGE, changed)).toEqual({ doc: { title: 'Mine' }, base: pageDisk, restored: true, stale: true });
    // A draft of an older editor kept no base value: it merges as if from nothing, so every difference is asked.
    localStorage.setItem(`page-editor:draft:${PAGE}`, JSON.stringify({ base: 'v1', value: { title: 'Mine' }, savedAt: '' }));
    expect(restoreDraft(PAGE, changed).base).toEqual({ version: 'v1', value: {} });
  });

  it("restore a studio team draft the live page overtook from its own base, with this browser's edits of it in its place, and merge it", () => {
    const live = { version: 'v2', value: { title: 'About', intro: 'Published meanwhile' } };
    const behind = { value: { title: 'Team draft' }, base: 'v1', baseValue: pageDisk.value };
    expect(restoreDraft(PAGE, live, behind)).toEqual({ doc: { title: 'Team draft' }, base: pageDisk, restored: false, stale: true });
    writeDraft(PAGE, { version: 'v1', value: behind.value }, { title: 'Team draft, edited here' });
    const restored = restoreDraft(PAGE, live, behind);
    expect(restored).toEqual({ doc: { title: 'Team draft, edited here' }, base: pageDisk, restored: true, stale: true });
    openInStore({ file: PAGE, path: '/about', disk: { page: restored.base, site: siteDisk }, doc: { page: restored.doc, site: siteDisk.value }, restoredDraft: true });
    diskChanged('page', live);
    expect(useEditor.getState().doc.page).toEqual({ title: 'Team draft, edited here', intro: 'Published meanwhile' });
    expect(useEditor.getState().disk.page).toEqual(live);
  });

  it('drop a draft that says what the disk says', () => {
    writeDraft(PAGE, { version: 'v0', value: {} }, { title: 'About' });
    expect(restoreDraft(PAGE, pageDisk)).toEqual({ doc: pageDisk.value, base: pageDisk, restored: false, stale: false });
    expect(readDraft(PAGE)).toBeUndefined();
  });

  it('keep one for each edited file and none for the others, and say when the browser refuses', () => {
    useEditor.getState().edit(['page', 'title'], 'Edited');
    expect(keepDrafts(useEditor.getState())).toBe(true);
    expect(readDraft(PAGE)).toMatchObject({ base: 'v1', baseValue: pageDisk.value, value: { title: 'Edited' } });
    expect(readDraft('pages.json')).toBeUndefined();
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(keepDrafts(useEditor.getState())).toBe(false);
    } finally {
      full.mockRestore();
    }
  });
});

describe('the save protocol', () => {
  it('sends only the edited files with the versions they were edited from, then takes the new versions and drops the draft', async () => {
    useEditor.getState().edit(['page', 'title'], 'Edited');
    writeDraft(PAGE, pageDisk, { title: 'Edited' });
    client.answer = { kind: 'saved', saved: [{ file: PAGE, version: 'v2', text: '{}', changed: true }] };
    await save();
    expect(client.sent).toEqual([[{ file: PAGE, value: { title: 'Edited' }, base: 'v1' }]]);
    const state = useEditor.getState();
    expect(state.disk.page).toEqual({ version: 'v2', value: { title: 'Edited' } });
    expect(state.save.kind).toBe('saved');
    expect(readDraft(PAGE)).toBeUndefined();
  });

  it('sends nothing without an edit, nor while a field changed on both sides waits for a choice', async () => {
    await save();
    useEditor.getState().edit(['page', 'title'], 'Edited');
    diskChanged('page', { version: 'v9', value: { title: 'Theirs' } });
    await save();
    expect(client.sent).toEqual([]);
    expect(useEditor.getState().save).toMatchObject({ kind: 'failed', message: expect.stringMatching(/changed both here and on disk\. For each, keep yours or take the disk’s, then save\./) });
  });

  it('puts the errors of a refused save at their paths in the editor’s documents, and keeps the files as they were', async () => {
    useEditor.getState().edit(['page', 'title'], '');
    const issue = { file: PAGE, path: ['title'], severity: 'error', rule: 'schema', message: 'empty', where: 'title', line: 1, column: 1 };
    client.answer = { kind: 'invalid', message: 'Not saved: 1 error to fix first.', issues: [issue, { ...issue, file: 'pages/other.json' }] };
    await save();
    expect(useEditor.getState().issues).toEqual([{ ...issue, path: ['page', 'title'] }]);
    expect(useEditor.getState().disk.page).toBe(pageDisk);
    expect(useEditor.getState().save.kind).toBe('invalid');
  });

  it('says the dev server did not answer, and discarding goes back to the disk’s documents', async () => {
    useEditor.getState().edit(['page', 'title'], 'Edited');
    client.answer = new Error('The dev server does not answer.');
    await save();
    expect(useEditor.getState().save).toEqual({ kind: 'failed', message: 'Not saved: The dev server does not answer.' });
    discardEdits();
    expect(useEditor.getState().doc.page).toBe(pageDisk.value);
  });
});
