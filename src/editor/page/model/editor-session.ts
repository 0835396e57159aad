/**
 * What happens around the open page without the editor asking: the content check after each change, the
 * drafts kept in the browser's storage, the files watched on disk, and saving. `openPage` reads everything
 * the editor needs; `startSession` wires the rest and returns the function that stops it.
 */
import { resolvePath } from '../../../model/routes';
import { checkChanges, readFile, readSite, saveChanges } from './editor-client';
import { FILE_CHANGED_EVENT, pageFileOf, SITE_FILE, type Change, type EditorIssue, type FileChanged } from '../../shared/editor-contract';
import { clearDraft, readDraft, writeDraft } from './drafts';
import { dirtyParts, fileOf, isPartDirty, openInStore, partOf, useEditor, type DiskState, type Doc, type Part, type Root, type Selection } from './editor-store';
import { sameValue } from './same-value';
import { useSite, type SiteValue } from './site-store';

const CHECK_DELAY_MS = 250;
const DRAFT_DELAY_MS = 300;
const FIRST_CHECK_LATEST_MS = 10_000;
const PARTS: readonly Part[] = ['page', 'site'];

export function parseDocument(text: string, file: string): Doc {
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Doc;
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}). Fix it in your text editor; this page reloads it as soon as it is valid.`);
  }
  throw new Error(`${file} does not hold a JSON object. Fix it in your text editor.`);
}

async function readDisk(file: string): Promise<DiskState | undefined> {
  const read = await readFile(file);
  return read.text === null ? undefined : { version: read.version, value: parseDocument(read.text, file) };
}

async function readSiteDisk(): Promise<DiskState> {
  const disk = await readDisk(SITE_FILE);
  if (!disk) throw new Error('pages.json is missing from the project root.');
  return disk;
}

/** What the editor needs of the rest of the project (pictures, fragment use), into the site store; the page names. */
async function readProject(): Promise<string[]> {
  const { images, fragmentUse, pages } = await readSite();
  useSite.setState({ images, fragmentUse });
  return pages;
}

/** pages.json and what the editor needs of the rest of the project (pictures, fragment use). */
export async function loadSite(): Promise<{ disk: DiskState; site: SiteValue; pages: string[] }> {
  const [disk, pages] = await Promise.all([readSiteDisk(), readProject()]);
  return { disk, site: disk.value as SiteValue, pages };
}

/** The page document a path shows: a route's path ("/about", "/blogs/:slug") or a concrete path. */
export function pageFor(site: SiteValue, path: string): { page: string; path: string } | string {
  const routes = site.routes ?? [];
  const exact = routes.find((r) => r.path === path);
  if (exact) return { page: exact.page, path };
  const resolution = resolvePath({ routes, redirects: site.redirects ?? [] }, path);
  if (resolution.kind === 'page') return { page: resolution.page, path };
  if (resolution.kind === 'redirect') return `${path} redirects to ${resolution.to}. Open ${resolution.to} instead.`;
  return `No route of pages.json shows ${path}. Pick a page from the list.`;
}

/** A draft of `file` that differs from the disk: restored, or shown beside the disk's when the file changed since. */
function withDraft(file: string, disk: DiskState): { doc: Doc; base: DiskState; conflict?: DiskState; restored: boolean } {
  const draft = readDraft(file);
  const value = draft?.value as Doc | undefined;
  if (!draft || value === undefined || sameValue(value, disk.value)) {
    if (draft) clearDraft(file);
    return { doc: disk.value, base: disk, restored: false };
  }
  if (draft.base !== disk.version) return { doc: value, base: { version: draft.base, value: disk.value }, conflict: disk, restored: true };
  return { doc: value, base: disk, restored: true };
}

export async function openPage(path: string, selected?: Selection): Promise<void> {
  // The pictures and the fragments' pages (the slower read) are read beside the page, not before it: the page
  // needs only pages.json, and the preview is handed the page as soon as it is in the store.
  const project = readProject();
  const siteDisk = await readSiteDisk();
  const site = siteDisk.value as SiteValue;
  const found = pageFor(site, path);
  if (typeof found === 'string') throw new Error(found);
  const file = pageFileOf(found.page);
  const pageDisk = await readDisk(file);
  if (!pageDisk) throw new Error(`${file}, which pages.json routes ${path} to, does not exist. Create it, or fix the route.`);
  const page = withDraft(file, pageDisk);
  const siteDraft = withDraft(SITE_FILE, siteDisk);
  openInStore({
    file,
    path: found.path,
    disk: { page: page.base, site: siteDraft.base },
    doc: { page: page.doc, site: siteDraft.doc },
    conflicts: { ...(page.conflict ? { page: page.conflict } : {}), ...(siteDraft.conflict ? { site: siteDraft.conflict } : {}) },
    restoredDraft: page.restored || siteDraft.restored,
    ...(selected ? { selected } : {}),
  });
  await project; // the form needs it; the preview, which has the page now, does not wait
}

/** The changes a check or a save sends: the page always, pages.json when it was edited. */
function changesOf(): Change[] {
  const state = useEditor.getState();
  return PARTS.filter((part) => part === 'page' || isPartDirty(state, part)).map((part) => ({ file: fileOf(state, part), value: state.doc[part], base: state.disk[part].version }));
}

/** The server's issues, with each path prefixed by the part of the editor's value it is in. */
function located(issues: EditorIssue[]): EditorIssue[] {
  const state = useEditor.getState();
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
  const changes = changesOf().filter((c) => isPartDirty(state, partOf(state, c.file)!));
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
      now.setIssues(located(answer.issues));
      now.setSave({ kind: 'invalid', message: `${answer.message} The files were left as they were.` });
    } else {
      const disk: Partial<Record<Part, DiskState>> = {};
      for (const s of answer.saved) {
        const part = partOf(now, s.file)!;
        disk[part] = { version: s.version, value: doc[part] };
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

async function onFileChanged(data: FileChanged): Promise<void> {
  const state = useEditor.getState();
  const part = partOf(state, data.file);
  if (!part || data.version === state.disk[part].version) return;
  let disk: DiskState | undefined;
  try {
    disk = await readDisk(data.file);
  } catch {
    return; // half-typed in a text editor: wait for the save that makes it JSON again
  }
  if (!disk) {
    state.setSave({ kind: 'failed', message: `${data.file} was deleted on disk. Saving writes it again with your version.` });
    useEditor.setState({ disk: { ...useEditor.getState().disk, [part]: { version: null, value: {} } } });
    return;
  }
  useEditor.getState().diskChanged(part, disk);
}

/**
 * Runs `work` when the browser has a moment (within a second at most): the check and the draft both serialise the
 * whole document, which on a long page would otherwise delay the next keystroke's frame.
 */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 1000 });
  else work();
}

export function startSession(): () => void {
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  let checked: Root | undefined;

  // One check at a time: on a long page the check takes a while, and the server runs it on its main thread.
  let checking = false;
  let again = false;
  const runCheck = async () => {
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    const asked = useEditor.getState().doc;
    try {
      const issues = await checkChanges(changesOf());
      if (useEditor.getState().doc === asked) useEditor.getState().setIssues(located(issues));
      else again = true;
    } catch (error) {
      useEditor.getState().setSave({ kind: 'failed', message: (error as Error).message });
    } finally {
      checking = false;
    }
    if (again) {
      again = false;
      void runCheck();
    }
  };
  const writeDraftsNow = () => {
    clearTimeout(draftTimer);
    draftTimer = undefined;
    const state = useEditor.getState();
    if (!state.file) return;
    for (const part of PARTS) {
      const file = fileOf(state, part);
      if (!isPartDirty(state, part)) clearDraft(file);
      else if (!writeDraft(file, state.disk[part].version, state.doc[part])) {
        state.setSave({ kind: 'failed', message: 'This browser refused to keep a copy of your unsaved edits (storage full or blocked). Save soon.' });
      }
    }
  };

  // The first check waits until the preview has shown the page: the dev server checks on its main thread, and on a
  // long page that held up the preview's modules for seconds. Without a preview it runs a little later anyway.
  const firstCheck = setTimeout(() => void runCheck(), FIRST_CHECK_LATEST_MS);
  const checkFirst = () => {
    clearTimeout(firstCheck);
    void runCheck();
  };

  const unsubscribe = useEditor.subscribe((state, previous) => {
    if (state.previewShown && !previous.previewShown) checkFirst();
    if (state.doc === previous.doc && state.disk === previous.disk) return;
    if (state.doc !== checked) {
      checked = state.doc;
      clearTimeout(checkTimer);
      checkTimer = setTimeout(() => whenIdle(() => void runCheck()), CHECK_DELAY_MS);
    }
    clearTimeout(draftTimer);
    draftTimer = setTimeout(() => whenIdle(writeDraftsNow), DRAFT_DELAY_MS);
  });
  checked = useEditor.getState().doc;
  if (useEditor.getState().previewShown) checkFirst();

  const beforeUnload = (event: BeforeUnloadEvent) => {
    writeDraftsNow();
    if (dirtyParts(useEditor.getState()).length > 0) event.preventDefault(); // the browser asks before leaving
  };
  window.addEventListener('beforeunload', beforeUnload);
  window.addEventListener('pagehide', writeDraftsNow);

  const onChanged = (data: FileChanged) => void onFileChanged(data);
  import.meta.hot?.on(FILE_CHANGED_EVENT, onChanged);

  return () => {
    unsubscribe();
    clearTimeout(firstCheck);
    clearTimeout(checkTimer);
    writeDraftsNow();
    window.removeEventListener('beforeunload', beforeUnload);
    window.removeEventListener('pagehide', writeDraftsNow);
    import.meta.hot?.off(FILE_CHANGED_EVENT, onChanged);
  };
}
