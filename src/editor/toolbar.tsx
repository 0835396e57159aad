/** The bar above the editor: back to the list, what is open, undo and redo, the problem count and list, the save state and Save. */
import { useState } from 'react';
import { isDirty, pathOf, useEditor } from './editor-store';
import { save } from './editor-session';
import { focusIssue } from './block-form';
import { pathText } from './json-path';
import styles from './editor.module.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

function statusText(state: ReturnType<typeof useEditor.getState>, dirty: boolean): string {
  if (state.save.kind !== 'idle' && state.save.message) return state.save.message;
  return dirty ? 'Unsaved changes (kept in this browser until you save).' : 'No unsaved changes.';
}

export function Toolbar() {
  const state = useEditor();
  const dirty = isDirty(state);
  const [showProblems, setShowProblems] = useState(false);
  const errors = state.issues.filter((i) => i.severity === 'error').length;
  const warnings = state.issues.length - errors;
  const problemText = state.issues.length === 0 ? 'No problems' : [errors && `${errors} error${errors === 1 ? '' : 's'}`, warnings && `${warnings} warning${warnings === 1 ? '' : 's'}`].filter(Boolean).join(', ');
  return (
    <header className={styles.toolbar}>
      <a className={styles.back} href="/__edit">
        ← All pages
      </a>
      <div className={styles.title}>
        <h1 className={styles.pageTitle}>{pathOf(state)}</h1>
        <span className={styles.file}>{state.file}</span>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.secondaryButton} onClick={state.undo} disabled={state.past.length === 0} aria-keyshortcuts={isMac ? 'Meta+Z' : 'Control+Z'} title={`Undo (${mod}Z)`}>
          Undo
        </button>
        <button type="button" className={styles.secondaryButton} onClick={state.redo} disabled={state.future.length === 0} aria-keyshortcuts={isMac ? 'Meta+Shift+Z' : 'Control+Shift+Z'} title={`Redo (${mod}Shift+Z)`}>
          Redo
        </button>
        <button type="button" className={errors ? styles.problemsError : styles.problems} aria-expanded={showProblems} aria-controls="problem-list" onClick={() => setShowProblems(!showProblems)} data-testid="problem-count">
          {problemText}
        </button>
        <p className={styles.status} role="status" data-save-state={state.save.kind} data-dirty={dirty || undefined}>
          {statusText(state, dirty)}
        </p>
        <button type="button" className={styles.primaryButton} onClick={() => void save()} disabled={!dirty} aria-keyshortcuts={isMac ? 'Meta+S' : 'Control+S'} title={`Save (${mod}S)`}>
          Save
        </button>
      </div>
      {showProblems && (
        <div id="problem-list" className={styles.problemList}>
          {state.issues.length === 0 ? (
            <p>The content check finds nothing to fix on this page.</p>
          ) : (
            <ul>
              {state.issues.map((issue, i) => (
                <li key={i}>
                  <button type="button" className={styles.linkButton} onClick={() => focusIssue(issue)}>
                    <span className={issue.severity === 'error' ? styles.error : styles.warning}>{issue.severity === 'error' ? 'Error' : 'Warning'}</span> {issue.where || pathText(issue.path ?? []) || issue.file}:{' '}
                    {issue.message}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </header>
  );
}
