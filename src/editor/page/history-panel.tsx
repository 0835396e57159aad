/**
 * The History panel (the studio): a modal dialog listing the open page's published versions, newest first, each with
 * what changed in words, who and when. "Show" puts one in the preview (version-view.ts) and closes the panel;
 * "Restore…" (for a role that may) asks first when it would replace edits or a draft, then makes it the page's draft.
 * Escape or Close leaves it, and focus goes back to the History button (the banner's "Back to your edits" after Show).
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { backend, type PageVersion } from './model/editor-backend';
import { useEditor } from './model/editor-store';
import { restoreQuestion, restoreVersion } from './model/restore-version';
import { showVersion, useVersionView } from './model/version-view';
import { whenText } from './model/version-words';
import editorStyles from './editor.module.css';
import styles from './history-panel.module.css';

type Listing = { kind: 'reading' } | { kind: 'failed'; message: string } | { kind: 'read'; versions: PageVersion[] };
type Asking = { commit: string; question: string };

/** The id of the banner's "Back to your edits", where focus goes after Show. */
export const BACK_TO_EDITS_ID = 'back-to-edits';
/** The toolbar's History button, where focus goes back to. */
export const HISTORY_BUTTON_ID = 'history-button';

export function HistoryPanel({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const file = useEditor((s) => s.file);
  const path = useEditor((s) => s.path);
  const shownCommit = useVersionView((s) => s.shown?.version.commit);
  const [listing, setListing] = useState<Listing>({ kind: 'reading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The question takes focus when asked; its answer Cancel gives it back to the version's Restore button.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    const selector = asking ? '[data-confirm]' : asked.current ? `[data-commit="${CSS.escape(asked.current)}"] [data-restore]` : null;
    if (selector) dialog.current?.querySelector<HTMLButtonElement>(selector)?.focus();
    asked.current = asking?.commit ?? null;
  }, [asking]);
  const { history, restore } = backend();

  const read = useCallback(() => {
    setListing({ kind: 'reading' });
    history!(file).then(
      (versions) => setListing({ kind: 'read', versions }),
      (error: unknown) => setListing({ kind: 'failed', message: (error as Error).message }),
    );
  }, [history, file]);
  useEffect(read, [read]);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    title.current?.focus(); // the title is read first; Tab then reaches Close and the versions
  }, []);

  /** Closes the dialog first, so the page is no longer inert and can take focus. */
  const finish = (focus?: string) => {
    dialog.current?.close();
    if (focus) document.getElementById(focus)?.focus();
    onClose();
  };

  const act = async (commit: string, action: () => Promise<string | undefined>, failed: string) => {
    setBusy(commit);
    setRefusal(null);
    try {
      const focus = await action();
      if (focus !== undefined) finish(focus);
    } catch (error) {
      setRefusal(`${failed}: ${(error as Error).message}`);
    } finally {
      setBusy(null);
    }
  };
  const show = (version: PageVersion) => act(version.commit, () => showVersion(version).then(() => BACK_TO_EDITS_ID), 'Not shown');
  const restoreNow = (version: PageVersion) => act(version.commit, () => restoreVersion(version).then(() => HISTORY_BUTTON_ID), 'Not restored');
  const askRestore = (version: PageVersion) =>
    act(
      version.commit,
      async () => {
        const question = await restoreQuestion();
        if (question === undefined) return restoreVersion(version).then(() => HISTORY_BUTTON_ID);
        setAsking({ commit: version.commit, question });
        return undefined;
      },
      'Not restored',
    );

  return (
    <dialog
      ref={dialog}
      className={`${editorStyles.dialog} ${styles.panel}`}
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        finish(HISTORY_BUTTON_ID);
      }}
    >
      <header className={`${editorStyles.dialogHeader} ${styles.header}`}>
        <h2 id={`${ids}-title`} ref={title} tabIndex={-1} className={editorStyles.dialogTitle}>
          History of {path}
        </h2>
        <button type="button" className={editorStyles.secondaryButton} onClick={() => finish(HISTORY_BUTTON_ID)}>
          Close
        </button>
      </header>
      <p className={styles.intro}>Every published version of this page, newest first. Showing one leaves your edits as they are.</p>
      {refusal && (
        <p role="alert" className={styles.refusal}>
          {refusal}
        </p>
      )}
      {listing.kind === 'reading' && <p role="status">Reading the history…</p>}
      {listing.kind === 'failed' && (
        <div role="alert" className={styles.refusal}>
          <p>The history of this page could not be read: {listing.message}</p>
          <button type="button" className={editorStyles.secondaryButton} onClick={read}>
            Try again
          </button>
        </div>
      )}
      {listing.kind === 'read' && listing.versions.length === 0 && <p>This page has no published versions yet. Each publish adds one here.</p>}
      {listing.kind === 'read' && listing.versions.length > 0 && (
        <ol className={styles.versions} aria-label="Versions">
          {listing.versions.map((version, index) => (
            <li key={version.commit} className={styles.version} data-commit={version.commit}>
              <p id={`${ids}-${index}`} className={styles.subject}>
                {version.subject || 'No description'}
              </p>
              <p className={styles.meta}>
                {version.author} · <time dateTime={version.date}>{whenText(version.date)}</time>
                {index === 0 && <span className={styles.badge}>Newest</span>}
                {version.commit === shownCommit && <span className={styles.badge}>Shown in the preview</span>}
              </p>
              {asking?.commit === version.commit ? (
                <div role="group" aria-labelledby={`${ids}-${index}-ask`} className={styles.ask}>
                  <p id={`${ids}-${index}-ask`}>{asking.question}</p>
                  <div className={styles.actions}>
                    <button type="button" className={editorStyles.primaryButton} data-confirm disabled={busy !== null} onClick={() => void restoreNow(version)}>
                      Restore it
                    </button>
                    <button type="button" className={editorStyles.secondaryButton} onClick={() => setAsking(null)}>
                      Cancel
                    </button>
                  </div>
                </div>
              ) : (
                <div className={styles.actions}>
                  <button type="button" className={editorStyles.secondaryButton} aria-describedby={`${ids}-${index}`} disabled={busy !== null} onClick={() => void show(version)}>
                    Show
                  </button>
                  {restore && (
                    <button type="button" className={editorStyles.secondaryButton} data-restore aria-describedby={`${ids}-${index}`} disabled={busy !== null} onClick={() => void askRestore(version)}>
                      Restore…
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <p role="status" className={styles.busy}>
        {busy !== null && 'Working…'}
      </p>
    </dialog>
  );
}
