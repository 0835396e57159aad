/**
 * A page's published versions in the editor: their words (when, whose, what a restore replaces), showing one without
 * touching the edits, and restoring one as the page's draft, one undo step. The server is a stand-in answering as
 * the studio's content API does (its own behaviour: tests/unit/studio-content.test.ts; the whole: the browser test).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseBackend, type EditorBackend, type PageDraft, type PageVersion } from '../../src/editor/page/model/editor-backend';
import { isDirty, openInStore, useEditor, type DiskState } from '../../src/editor/page/model/editor-store';
import { restoreQuestion, restoreVersion } from '../../src/editor/page/model/restore-version';
import { backToEdits, showVersion, useVersionView } from '../../src/editor/page/model/version-view';
import { replacesText, restoredText, shownText, versionName, whenText } from '../../src/editor/page/model/version-words';

const UK = { locale: 'en-GB', timeZone: 'Europe/London', now: new Date('2026-11-27T18:00:00Z') };
const VERSION: PageVersion = { commit: 'a'.repeat(40), author: 'Pat Okafor', date: '2026-11-20T09:42:00Z', subject: 'About: Page opening (block 1) › Heading' };

describe('version words', () => {
  it('say when in the reader’s local date and time, "today" for today, and keep a date they cannot read as it came', () => {
    expect(whenText('2026-11-20T09:42:00Z', UK)).toBe('20 November 2026 at 09:42');
    expect(whenText('2026-11-27T10:42:00Z', UK)).toBe('today at 10:42');
    expect(whenText('2026-11-27T10:42:00Z', { ...UK, timeZone: 'Asia/Tokyo' })).toBe('27 November 2026 at 19:42');
    expect(whenText('2026-06-27T10:42:00Z', { ...UK, locale: 'en-US', timeZone: 'America/New_York' })).toBe('June 27, 2026 at 6:42 AM');
    expect(whenText('not a date', UK)).toBe('not a date');
  });

  it('name a version, the banner over it and the restored draft by who and when', () => {
    expect(versionName(VERSION, UK)).toBe('the version of 20 November 2026 at 09:42 by Pat Okafor');
    expect(shownText(VERSION, UK)).toBe('You are looking at the version of 20 November 2026 at 09:42 by Pat Okafor: “About: Page opening (block 1) › Heading”. It cannot be edited; your edits are kept as they are.');
    expect(restoredText(VERSION, UK)).toBe('The version of 20 November 2026 at 09:42 by Pat Okafor is now a draft. Publish it to make it live again.');
  });

  it('ask before replacing a draft or unsaved edits, and not when there is neither', () => {
    const draft: PageDraft = { by: 'Ana Lima', at: '2026-11-27T10:42:00Z' };
    expect(replacesText({ unsaved: false }, UK)).toBeUndefined();
    expect(replacesText({ unsaved: false, draft }, UK)).toBe('This replaces the draft by Ana Lima saved today at 10:42. Undo brings it back into the editor, unsaved.');
    expect(replacesText({ unsaved: true }, UK)).toBe('This replaces your unsaved edits to this page. Undo brings them back into the editor, unsaved.');
    expect(replacesText({ unsaved: true, draft }, UK)).toBe('This replaces the draft by Ana Lima saved today at 10:42 and your unsaved edits to this page. Undo brings them back into the editor, unsaved.');
  });
});

const PAGE = 'pages/about.json';
const OLD_TEXT = JSON.stringify({ title: 'About', blocks: [{ type: 'page-hero', id: 'hero', props: { heading: 'About Us' } }] });
const pageDisk: DiskState = { version: 'v2', value: { title: 'About', blocks: [{ type: 'page-hero', id: 'hero', props: { heading: 'Published' } }] } };
const siteDisk: DiskState = { version: 's1', value: { routes: [{ path: '/about', page: 'about' }] } };

const server = { drafts: {} as Record<string, PageDraft>, restored: [] as string[], refuse: false };
const backend = {
  pageDrafts: async () => server.drafts,
  readVersion: async (_file: string, commit: string) => (commit === VERSION.commit ? OLD_TEXT : Promise.reject(new Error('That version does not have this file.'))),
  async restore(file: string, commit: string) {
    if (server.refuse) throw new Error('Refused: as author you may not do this.');
    server.restored.push(commit);
    return { file, text: OLD_TEXT, version: 'v2' };
  },
} as Partial<EditorBackend> as EditorBackend;

beforeEach(() => {
  localStorage.clear();
  Object.assign(server, { drafts: {}, restored: [], refuse: false });
  chooseBackend(backend);
  backToEdits();
  openInStore({ file: PAGE, path: '/about', disk: { page: pageDisk, site: siteDisk }, doc: { page: pageDisk.value, site: siteDisk.value }, restoredDraft: false });
});

const typeHeading = (heading: string) => useEditor.getState().edit(['page', 'blocks', 0, 'props', 'heading'], heading);
const heading = () => (useEditor.getState().doc.page.blocks as Array<{ props: { heading: string } }>)[0]!.props.heading;

describe('showing a version', () => {
  it('puts it beside the edits, which stay exactly as they were, and goes back', async () => {
    typeHeading('Mine, unsaved');
    const doc = useEditor.getState().doc;
    await showVersion(VERSION);
    const shown = useVersionView.getState().shown!;
    expect(shown.version).toBe(VERSION);
    expect(shown.documents).toEqual({ page: JSON.parse(OLD_TEXT), site: siteDisk.value });
    expect(useEditor.getState().doc).toBe(doc);
    backToEdits();
    expect(useVersionView.getState().shown).toBeNull();
    expect(heading()).toBe('Mine, unsaved');
  });

  it('throws a failed read with its reason and shows nothing', async () => {
    await expect(showVersion({ ...VERSION, commit: 'b'.repeat(40) })).rejects.toThrow('That version does not have this file.');
    expect(useVersionView.getState().shown).toBeNull();
  });
});

describe('restoring a version', () => {
  it('asks only when it would replace unsaved edits or a server draft', async () => {
    expect(await restoreQuestion()).toBeUndefined();
    server.drafts = { [PAGE]: { by: 'Ana Lima', at: '2020-01-01T10:42:00Z' } };
    expect(await restoreQuestion()).toMatch(/^This replaces the draft by Ana Lima saved .*2020 at .+\. Undo/);
    server.drafts = {};
    typeHeading('Mine, unsaved');
    expect(await restoreQuestion()).toMatch(/^This replaces your unsaved edits to this page\./);
  });

  it('opens the restored draft as saved, says so, ends the shown version, and undo gives the edits back, unsaved', async () => {
    typeHeading('Mine, unsaved');
    await showVersion(VERSION);
    await restoreVersion(VERSION);
    expect(server.restored).toEqual([VERSION.commit]);
    expect(heading()).toBe('About Us');
    expect(isDirty(useEditor.getState())).toBe(false);
    expect(useEditor.getState().disk.page.version).toBe('v2');
    expect(useEditor.getState().save.message).toMatch(/^The version of .+ by Pat Okafor is now a draft\. Publish it to make it live again\.$/);
    expect(useVersionView.getState().shown).toBeNull();

    useEditor.getState().undo();
    expect(heading()).toBe('Mine, unsaved');
    expect(isDirty(useEditor.getState())).toBe(true);
    useEditor.getState().redo();
    expect(heading()).toBe('About Us');
  });

  it('changes nothing when the server refuses', async () => {
    typeHeading('Mine, unsaved');
    const before = useEditor.getState();
    server.refuse = true;
    await expect(restoreVersion(VERSION)).rejects.toThrow(/^Refused/);
    expect(useEditor.getState().doc).toBe(before.doc);
    expect(useEditor.getState().disk).toBe(before.disk);
  });
});
