/**
 * What happens around the open page without the editor asking: the content check after each change, the
 * draft kept in the browser's storage, the file watched on disk, and saving. `openPage` reads everything
 * the editor needs; `startSession` wires the rest and returns the function that stops it.
 */
import { resolvePath } from '../model/routes';
import { checkChanges, readFile, readSite, saveChanges, type Change } from './editor-client';
import { clearDraft, readDraft, writeDraft } from './drafts';
import { isDirty, openInStore, useEditor, type Doc, type DiskState } from './editor-store';
import { sameValue } from './same-value';
import { useSite, type SiteValue } from './site-store';

const SITE_FILE = 'pages.json';
const CHECK_DELAY_MS = 250;
const DRAFT_DELAY_MS = 300;

export const FILE_CHANGED_EVENT = 'editor:file-changed';

function parse(text: string, file: string): Doc {
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Doc;
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}). Fix it in your text editor; this page reloads it as soon as it is valid.`);
  }
  throw new Error(`${file} does not hold a JSON object. Fix it in your text editor.`);
}

export async function loadSite(): Promise<SiteValue> {
  const [config, { images }] = await Promise.all([readFile(SITE_FILE), readSite()]);
  if (config.text === null) throw new Error('pages.json is missing from the project root.');
  const value = parse(config.text, SITE_FILE) as SiteValue;
  useSite.setState({ version: config.version, value, images });
  return value;
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

export async function openPage(path: string): Promise<void> {
  const site = await loadSite();
  const found = pageFor(site, path);
  if (typeof found === 'string') throw new Error(found);
  const file = `pages/${found.page}.json`;
  const read = await readFile(file);
  if (read.text === null) throw new Error(`${file}, which pages.json routes ${path} to, does not exist. Create it, or fix the route.`);
  const disk: DiskState = { version: read.version, value: parse(read.text, file) };
  const draft = readDraft(file);
  const draftDoc = draft?.value as Doc | undefined;
  const hasDraft = draft !== undefined && draftDoc !== undefined && !sameValue(draftDoc, disk.value);
  if (!hasDraft && draft) clearDraft(file);
  if (hasDraft && draft.base !== disk.version) {
    // Edited here, then changed on disk: show both.
    openInStore({ file, path: found.path, disk: { version: draft.base, value: disk.value }, doc: draftDoc, conflict: disk, restoredDraft: true });
  } else {
    openInStore({ file, path: found.path, disk, doc: hasDraft ? draftDoc : disk.value, conflict: null, restoredDraft: hasDraft });
  }
}

const changeOf = (): Change => {
  const { file, doc, disk } = useEditor.getState();
  return { file, value: doc, base: disk.version };
};

export async function save(): Promise<void> {
  const state = useEditor.getState();
  if (state.conflict) {
    state.setSave({ kind: 'failed', message: 'Not saved: the file changed on disk. Choose "Keep mine" or "Take the disk\'s" first.' });
    return;
  }
  if (state.save.kind === 'saving') return;
  const doc = state.doc;
  state.setSave({ kind: 'saving', message: 'Saving…' });
  try {
    const answer = await saveChanges([changeOf()]);
    const now = useEditor.getState();
    if (answer.kind === 'conflict') {
      const disk = answer.conflicts.find((c) => c.file === now.file);
      if (disk) useEditor.setState({ conflict: { version: disk.version, value: disk.text === null ? {} : parse(disk.text, now.file) } });
      now.setSave({ kind: 'failed', message: answer.message });
    } else if (answer.kind === 'invalid') {
      now.setIssues(answer.issues);
      now.setSave({ kind: 'invalid', message: `${answer.message} The file was left as it was.` });
    } else {
      const saved = answer.saved.find((s) => s.file === now.file)!;
      now.saved({ version: saved.version, value: doc });
      if (now.doc === doc) clearDraft(now.file);
    }
  } catch (error) {
    useEditor.getState().setSave({ kind: 'failed', message: `Not saved: ${(error as Error).message}` });
  }
}

/** Discards the unsaved edits: back to the file as it is on disk (undoable until the page is left). */
export function discardEdits(): void {
  const { disk, replace, file } = useEditor.getState();
  replace(disk.value);
  clearDraft(file);
  useEditor.setState({ restoredDraft: false });
}

async function onFileChanged(data: { file: string; version: string | null }): Promise<void> {
  if (data.file === SITE_FILE) {
    if (data.version !== useSite.getState().version) await loadSite().catch(() => undefined); // mid-typing in a text editor: the next save brings it
    return;
  }
  const { file, disk } = useEditor.getState();
  if (data.file !== file || data.version === disk.version) return;
  const read = await readFile(file);
  if (read.text === null) {
    useEditor.getState().setSave({ kind: 'failed', message: `${file} was deleted on disk. Saving writes it again with your version.` });
    useEditor.setState({ disk: { version: null, value: {} } });
    return;
  }
  let value: Doc;
  try {
    value = parse(read.text, file);
  } catch {
    return; // half-typed in a text editor: wait for the save that makes it JSON again
  }
  useEditor.getState().diskChanged({ version: read.version, value });
}

export function startSession(): () => void {
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  let checked: Doc | undefined;

  const runCheck = async () => {
    const change = changeOf();
    const asked = change.value;
    try {
      const issues = await checkChanges([change]);
      if (useEditor.getState().doc === asked) useEditor.getState().setIssues(issues);
    } catch (error) {
      useEditor.getState().setSave({ kind: 'failed', message: (error as Error).message });
    }
  };
  const writeDraftNow = () => {
    clearTimeout(draftTimer);
    draftTimer = undefined;
    const state = useEditor.getState();
    if (!state.file) return;
    if (isDirty(state)) {
      if (!writeDraft(state.file, state.disk.version, state.doc)) state.setSave({ kind: 'failed', message: 'This browser refused to keep a copy of your unsaved edits (storage full or blocked). Save soon.' });
    } else clearDraft(state.file);
  };

  const unsubscribe = useEditor.subscribe((state, previous) => {
    if (state.doc === previous.doc && state.disk === previous.disk) return;
    if (state.doc !== checked) {
      checked = state.doc;
      clearTimeout(checkTimer);
      checkTimer = setTimeout(() => void runCheck(), CHECK_DELAY_MS);
    }
    clearTimeout(draftTimer);
    draftTimer = setTimeout(writeDraftNow, DRAFT_DELAY_MS);
  });
  checked = useEditor.getState().doc;
  void runCheck();

  const beforeUnload = (event: BeforeUnloadEvent) => {
    writeDraftNow();
    if (isDirty(useEditor.getState())) event.preventDefault(); // the browser asks before leaving
  };
  window.addEventListener('beforeunload', beforeUnload);
  window.addEventListener('pagehide', writeDraftNow);

  const onChanged = (data: { file: string; version: string | null }) => void onFileChanged(data);
  import.meta.hot?.on(FILE_CHANGED_EVENT, onChanged);

  return () => {
    unsubscribe();
    clearTimeout(checkTimer);
    writeDraftNow();
    window.removeEventListener('beforeunload', beforeUnload);
    window.removeEventListener('pagehide', writeDraftNow);
    import.meta.hot?.off(FILE_CHANGED_EVENT, onChanged);
  };
}
