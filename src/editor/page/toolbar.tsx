/**
 * The bar above the editor: back to the list, what is open, undo and redo, the problem count and list, the save state
 * and Save, Publish and scheduled publishing where the server has them for this user (the studio; hidden for authors,
 * refused by the server too), and History where the server keeps versions (the studio). While an old version is shown,
 * the edits are out of sight: undo, redo, save and publish wait until the editor goes back to them.
 */
import { useState } from 'react';
import { isDirty, pathOf, useEditor, type SaveState } from './model/editor-store';
import { save } from './model/save-protocol';
import { publishDrafts } from './model/publish-drafts';
import { PageProblems } from './problem-list';
import { backend } from './model/editor-backend';
import { useVersionView } from './model/version-view';
import { HISTORY_BUTTON_ID, HistoryPanel } from './history-panel';
import { ScheduleControl } from './schedule-control';
import { ReviewControl } from './review-control';
import { PresenceLine } from './presence-line';
import styles from './editor.module.css';
import { SharePreviewButton, SharePreviewPanel } from './share-preview';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

function statusText(save: SaveState, dirty: boolean): string {
  if (save.kind !== 'idle' && save.message) return save.message;
  return dirty ? 'Unsaved changes (kept in this browser until you save).' : 'No unsaved changes.';
}

/** Each piece of the state on its own, so a keystroke re-renders the bar only when what it shows changes. */
export function Toolbar() {
  const path = useEditor(pathOf);
  const file = useEditor((s) => s.file);
  const dirty = useEditor(isDirty);
  const canUndo = useEditor((s) => s.past.length > 0);
  const canRedo = useEditor((s) => s.future.length > 0);
  const issues = useEditor((s) => s.issues);
  const saveState = useEditor((s) => s.save);
  const { undo, redo } = useEditor.getState();
  const [showProblems, setShowProblems] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const viewing = useVersionView((s) => s.shown !== null);
  const [showShare, setShowShare] = useState(false);
  // Where the page has a draft on the server (the studio): a link shows that draft.
  const mayShare = backend().previews?.hasDraft(file) ?? false;
  const errors = issues.filter((i) => i.severity === 'error').length;
  const warnings = issues.length - errors;
  const problemText = issues.length === 0 ? 'No problems' : [errors && `${errors} error${errors === 1 ? '' : 's'}`, warnings && `${warnings} warning${warnings === 1 ? '' : 's'}`].filter(Boolean).join(', ');
  return (
    <header className={styles.toolbar}>
      <a className={styles.back} href={backend().editorPath}>
        ← All pages
      </a>
      <div className={styles.title}>
        <h1 className={styles.pageTitle}>{path}</h1>
        <span className={styles.file}>{file}</span>
        <PresenceLine file={file} />
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.secondaryButton} onClick={undo} disabled={!canUndo || viewing} aria-keyshortcuts={isMac ? 'Meta+Z' : 'Control+Z'} title={`Undo (${mod}Z)`}>
          Undo
        </button>
        <button type="button" className={styles.secondaryButton} onClick={redo} disabled={!canRedo || viewing} aria-keyshortcuts={isMac ? 'Meta+Shift+Z' : 'Control+Shift+Z'} title={`Redo (${mod}Shift+Z)`}>
          Redo
        </button>
        <button type="button" className={errors ? styles.problemsError : styles.problems} aria-expanded={showProblems} aria-controls="problem-list" onClick={() => setShowProblems(!showProblems)} data-testid="problem-count">
          {problemText}
        </button>
        <p className={styles.status} role="status" data-save-state={saveState.kind} data-dirty={dirty || undefined}>
          {statusText(saveState, dirty)}
        </p>
        <button type="button" className={styles.primaryButton} onClick={() => void save()} disabled={!dirty || viewing} aria-keyshortcuts={isMac ? 'Meta+S' : 'Control+S'} title={`Save (${mod}S)`}>
          Save
        </button>
        {backend().publish && (
          <button type="button" className={styles.secondaryButton} onClick={() => void publishDrafts()} disabled={saveState.kind === 'saving' || viewing} title="Make the saved draft of this page live on the site">
            Publish
          </button>
        )}
        <ReviewControl />
        <ScheduleControl />
        {backend().history && (
          <button type="button" id={HISTORY_BUTTON_ID} className={styles.secondaryButton} aria-haspopup="dialog" onClick={() => setShowHistory(true)} title="Every published version of this page: show one, or restore it">
            History
          </button>
        )}
        {mayShare && <SharePreviewButton open={showShare} onToggle={() => setShowShare(!showShare)} />}
      </div>
      {showHistory && <HistoryPanel onClose={() => setShowHistory(false)} />}
      {mayShare && showShare && <SharePreviewPanel file={file} onClose={() => setShowShare(false)} />}
      {showProblems && (
        <div id="problem-list" className={styles.problemList}>
          <PageProblems issues={issues} />
        </div>
      )}
    </header>
  );
}
