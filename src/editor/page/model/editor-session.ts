/**
 * What runs around the open page without the editor asking, started when the page is open and stopped when it is
 * left: the content check after each change (background-check.ts), the drafts kept in the browser's storage
 * (drafts.ts) and written before the tab goes, and the files followed on disk (follow-disk.ts).
 */
import { startBackgroundCheck } from './background-check';
import { backend } from './editor-backend';
import { keepDrafts } from './drafts';
import { dirtyParts, useEditor } from './editor-store';
import { followDisk } from './follow-disk';
import { whenIdle } from './when-idle';

const DRAFT_DELAY_MS = 300;

/** The server's word that a file changed comes from the chosen server (editor-backend.ts): the dev server's HMR channel. */
export function startSession(): () => void {
  const stopCheck = startBackgroundCheck();

  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  const writeDraftsNow = () => {
    clearTimeout(draftTimer);
    draftTimer = undefined;
    const state = useEditor.getState();
    if (!state.file || keepDrafts(state)) return;
    state.setSave({ kind: 'failed', message: 'This browser refused to keep a copy of your unsaved edits (storage full or blocked). Save soon.' });
  };
  const unsubscribe = useEditor.subscribe((state, previous) => {
    if (state.doc === previous.doc && state.disk === previous.disk) return;
    clearTimeout(draftTimer);
    draftTimer = setTimeout(() => whenIdle(writeDraftsNow), DRAFT_DELAY_MS);
  });

  const beforeUnload = (event: BeforeUnloadEvent) => {
    writeDraftsNow();
    if (dirtyParts(useEditor.getState()).length > 0) event.preventDefault(); // the browser asks before leaving
  };
  window.addEventListener('beforeunload', beforeUnload);
  window.addEventListener('pagehide', writeDraftsNow);

  const stopFollowing = backend().fileChanges((change) => void followDisk(change));

  return () => {
    stopCheck();
    unsubscribe();
    writeDraftsNow();
    window.removeEventListener('beforeunload', beforeUnload);
    window.removeEventListener('pagehide', writeDraftsNow);
    stopFollowing();
  };
}
