/**
 * The content check of the open page, run by the server on the documents in memory after each change, one at a
 * time: on a long page a check takes a while, and the dev server runs it on its main thread. The first waits until
 * the preview has shown the page, which it would otherwise hold up.
 */
import { checkChanges } from './editor-client';
import { changesOf, located } from './save-protocol';
import { useEditor } from './editor-store';
import { whenIdle } from './when-idle';

const CHECK_DELAY_MS = 250;
const FIRST_CHECK_LATEST_MS = 10_000;

/** Starts checking; returns the function that stops it. */
export function startBackgroundCheck(): () => void {
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  let checked = useEditor.getState().doc;
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
      const issues = await checkChanges(changesOf(useEditor.getState()));
      if (useEditor.getState().doc === asked) useEditor.getState().setIssues(located(useEditor.getState(), issues));
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

  // Without a preview it runs a little later anyway.
  const firstCheck = setTimeout(() => void runCheck(), FIRST_CHECK_LATEST_MS);
  const checkFirst = () => {
    clearTimeout(firstCheck);
    void runCheck();
  };
  const unsubscribe = useEditor.subscribe((state, previous) => {
    if (state.previewShown && !previous.previewShown) checkFirst();
    if (state.doc === previous.doc || state.doc === checked) return;
    checked = state.doc;
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => whenIdle(() => void runCheck()), CHECK_DELAY_MS);
  });
  if (useEditor.getState().previewShown) checkFirst();
  return () => {
    unsubscribe();
    clearTimeout(firstCheck);
    clearTimeout(checkTimer);
  };
}
