/**
 * The editor's store when a file changes on disk under unsaved edits: merged by itself and told in words, or asked
 * field by field; a save refused for a stale base merges the same way, and so does a draft restored after the
 * file changed. The API client answers as each test says.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Change, SaveAnswer } from '../../src/editor/shared/editor-contract';
import { chooseBackend } from '../../src/editor/page/model/editor-backend';
import { devBackend } from '../../src/editor/page/dev-backend';
import { openInStore, useEditor, type DiskState, type Doc } from '../../src/editor/page/model/editor-store';
import { save } from '../../src/editor/page/model/save-protocol';
import { decide, diskChanged } from '../../src/editor/page/model/disk-merge';
import { keepDrafts, readDraft, restoreDraft, writeDraft } from '../../src/editor/page/model/drafts';

const client = vi.hoisted(() => ({ answers: [] as unknown[], sent: [] as unknown[] }));
vi.mock('../../src/editor/page/model/editor-client', () => ({
  saveChanges: async (changes: Change[]) => {
    client.sent.push(changes);
    return client.answers.shift() as SaveAnswer;
  },
}));

const PAGE = 'pages/about.json';
const faq = (heading: string, intro = 'Short answers') => ({ type: 'faq', id: 'faq', props: { heading, intro } });
const opening = (heading: string) => ({ type: 'page-hero', id: 'hero', props: { heading } });
const page = (...blocks: unknown[]): Doc => ({ title: 'About our company', description: 'Who we are', blocks });
const v1: DiskState = { version: 'v1', value: page(opening('About us'), faq('Questions')) };
const siteDisk: DiskState = { version: 's1', value: { routes: [{ path: '/about', page: 'about' }] } };

const state = () => useEditor.getState();
const edit = (path: Array<string | number>, value: unknown) => state().edit(['page', ...path], value);

// The dev server's words ("on disk"); the studio's are tested in its browser tests.
chooseBackend(devBackend);

beforeEach(() => {
  localStorage.clear();
  client.answers = [];
  client.sent = [];
  openInStore({ file: PAGE, path: '/about', disk: { page: v1, site: siteDisk }, doc: { page: v1.value, site: siteDisk.value }, restoredDraft: false });
});

describe('a change on disk under unsaved edits', () => {
  it('merges a change to another block by itself, says what came in, and keeps it undoable', () => {
    edit(['blocks', 1, 'props', 'heading'], 'Your questions');
    const v2 = { version: 'v2', value: page(opening('About us, from disk'), faq('Questions')) };
    diskChanged('page', v2);
    expect(state().doc.page).toEqual(page(opening('About us, from disk'), faq('Your questions')));
    expect(state().disk.page).toBe(v2);
    expect(state().conflicts).toEqual({});
    expect(state().save).toEqual({ kind: 'merged', message: 'The change on disk to Page opening (block 1) › Heading was merged.' });
    state().undo();
    expect(state().doc.page).toEqual(page(opening('About us'), faq('Your questions')));
  });

  it('counts several changes, and names a block removed on disk', () => {
    edit(['blocks', 1, 'props', 'heading'], 'Your questions');
    diskChanged('page', { version: 'v2', value: { ...page(opening('New'), faq('Questions')), title: 'About the company, changed' } });
    expect(state().save.message).toBe('2 changes from disk were merged.');
    edit(['title'], 'About our company, ours');
    diskChanged('page', { version: 'v3', value: { ...page(faq('Questions')), title: 'About the company, changed' } });
    expect(state().save.message).toBe('The removal on disk of Page opening (block 1) was merged.');
    expect(state().doc.page).toEqual({ ...page(faq('Your questions')), title: 'About our company, ours' });
  });

  it('asks only about the field changed on both sides, merges the rest, and takes exactly the value chosen', async () => {
    edit(['blocks', 1, 'props', 'heading'], 'Your questions');
    edit(['title'], 'About our company, ours');
    const v2 = { version: 'v2', value: { ...page(opening('From disk'), faq('Frequently asked', 'Longer answers')), title: 'About the company, theirs' } };
    diskChanged('page', v2);
    expect(state().conflicts.page?.map((c) => [c.key, c.mine, c.theirs])).toEqual([
      ['/title', 'About our company, ours', 'About the company, theirs'],
      ['/blocks/#faq/props/heading', 'Your questions', 'Frequently asked'],
    ]);
    // Both sides' other changes are in; each conflict holds the editor's value until decided.
    expect(state().doc.page).toEqual({ ...page(opening('From disk'), faq('Your questions', 'Longer answers')), title: 'About our company, ours' });
    await save();
    expect(client.sent).toEqual([]);

    // An edit made since the merge stays as it is, even one back to the old value.
    edit(['blocks', 0, 'props', 'heading'], 'About us');
    decide('page', ['/blocks/#faq/props/heading'], 'theirs');
    expect(state().doc.page).toEqual({ ...page(opening('About us'), faq('Frequently asked', 'Longer answers')), title: 'About our company, ours' });
    decide('page', ['/title'], 'mine');
    expect(state().conflicts).toEqual({});
    expect(state().doc.page).toMatchObject({ title: 'About our company, ours' });
  });

  it('undoing a discard brings the questions back, and every conflict can be decided at once', () => {
    edit(['blocks', 1, 'props', 'heading'], 'Your questions');
    edit(['title'], 'About our company, ours');
    diskChanged('page', { version: 'v2', value: { ...page(opening('About us'), faq('Frequently asked')), title: 'About the company, theirs' } });
    const waiting = state().conflicts;
    expect(waiting.page).toHaveLength(2);
    state().discard();
    expect(state().doc.page).toBe(state().disk.page.value);
    expect(state().conflicts).toEqual({});
    state().undo();
    expect(state().conflicts).toBe(waiting);
    expect(state().discarded).toBeNull();
    decide('page', ['/title', '/blocks/#faq/props/heading'], 'theirs');
    expect(state().doc.page).toEqual({ ...page(opening('About us'), faq('Frequently asked')), title: 'About the company, theirs' });
  });

  it('follows the disk where it has no edits, and says nothing when the disk holds its own edits already', () => {
    const v2 = { version: 'v2', value: page(opening('From disk'), faq('Questions')) };
    diskChanged('page', v2);
    expect(state().doc.page).toBe(v2.value);
    edit(['blocks', 1, 'props', 'heading'], 'Same on both');
    diskChanged('page', { version: 'v3', value: page(opening('From disk'), faq('Same on both')) });
    expect(state().save.kind).toBe('idle');
    expect(state().disk.page.version).toBe('v3');
  });
});

describe('a save refused because the file changed on disk', () => {
  const refused = (value: Doc): SaveAnswer => ({ kind: 'conflict', message: 'changed', conflicts: [{ file: PAGE, text: JSON.stringify(value), version: 'v2' }] });

  it('merges, then saves the merged document against the disk’s version', async () => {
    edit(['blocks', 1, 'props', 'heading'], 'Your questions');
    const theirs = page(opening('From disk'), faq('Questions'));
    client.answers = [refused(theirs), { kind: 'saved', saved: [{ file: PAGE, version: 'v3', text: '', changed: true }] }];
    await save();
    expect(client.sent[1]).toEqual([{ file: PAGE, value: page(opening('From disk'), faq('Your questions')), base: 'v2' }]);
    expect(state().save).toEqual({ kind: 'saved', message: 'The change on disk to Page opening (block 1) › Heading was merged. Saved.' });
  });

  it('asks about a field changed on both sides, and saves nothing more until it is decided', async () => {
    edit(['blocks', 1, 'props', 'heading'], 'Your questions');
    client.answers = [refused(page(opening('About us'), faq('Frequently asked')))];
    await save();
    expect(client.sent).toHaveLength(1);
    expect(state().conflicts.page?.map((c) => c.key)).toEqual(['/blocks/#faq/props/heading']);
    expect(state().save.kind).toBe('failed');
  });
  it('says a file deleted on disk meanwhile is written again by the next save, and does not save by itself', async () => {
    edit(['title'], 'About our company, ours');
    client.answers = [{ kind: 'conflict', message: 'changed', conflicts: [{ file: PAGE, text: null, version: null }] }];
    await save();
    expect(client.sent).toHaveLength(1);
    expect(state().disk.page.version).toBeNull();
    expect(state().save).toEqual({ kind: 'failed', message: 'A file was deleted on disk while you edited it. Saving writes it again with your version.' });
  });
});

describe('a draft restored after its file changed on disk', () => {
  it('is kept with the version it started from, and merges with the disk’s', () => {
    edit(['blocks', 1, 'props', 'heading'], 'Your questions');
    writeDraft(PAGE, v1, state().doc.page);
    expect(readDraft(PAGE)).toMatchObject({ base: 'v1', baseValue: v1.value });
    const v2 = { version: 'v2', value: page(opening('From disk'), faq('Questions')) };
    const restored = restoreDraft(PAGE, v2);
    openInStore({ file: PAGE, path: '/about', disk: { page: restored.base, site: siteDisk }, doc: { page: restored.doc, site: siteDisk.value }, restoredDraft: true });
    diskChanged('page', v2);
    expect(state().doc.page).toEqual(page(opening('From disk'), faq('Your questions')));
    expect(state().conflicts).toEqual({});
  });

  it('keeps the oldest base while a conflict waits, so a reload asks again', () => {
    edit(['blocks', 1, 'props', 'heading'], 'Your questions');
    diskChanged('page', { version: 'v2', value: page(opening('About us'), faq('Frequently asked')) });
    keepDrafts(state());
    expect(readDraft(PAGE)).toMatchObject({ base: 'v1', baseValue: v1.value });
    decide('page', ['/blocks/#faq/props/heading'], 'mine');
    keepDrafts(state());
    expect(readDraft(PAGE)).toMatchObject({ base: 'v2' });
  });
});
