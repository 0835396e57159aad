/**
 * The content check's problems as an editor reads them: each names the block by its title and the field by its
 * label ("Page opening (block 1) › Heading"), says what to do, and takes focus to the field when chosen. The
 * check's own "where" (blocks[0] (page-hero) › props.heading) and file:line stay in its tooltip, for developers.
 */
import { blocksOf, useEditor } from './model/editor-store';
import { selectionOf } from './model/selection';
import type { EditorIssue } from '../shared/editor-contract';
import { pathText, type JsonPath } from './model/json-path';
import { issuePlace } from './model/issue-place';
import { editorMessage } from './model/editor-advice';
import { fieldId } from './fields/field-frame';
import styles from './editor.module.css';
import own from './problem-list.module.css';

const startsWith = (path: readonly unknown[] | undefined, prefix: JsonPath) => path !== undefined && prefix.every((s, i) => path[i] === s);

const FIELD_WAIT_FRAMES = 10;

/** Moves focus to the field of an issue, or the nearest field above it. */
function focusIssue(issue: EditorIssue): void {
  const path = issue.path ?? [];
  useEditor.getState().select(selectionOf(path, blocksOf(useEditor.getState().doc)));
  // A newly selected block's fields come a moment after it (BlockForm): look for the field itself for a few frames.
  let frames = 0;
  const look = () => {
    if (!document.getElementById(fieldId(path)) && ++frames < FIELD_WAIT_FRAMES) return void requestAnimationFrame(look);
    for (let length = path.length; length >= 0; length--) {
      const field = document.getElementById(fieldId(path.slice(0, length)));
      if (field) {
        field.focus();
        field.scrollIntoView({ block: 'center' });
        return;
      }
    }
  };
  requestAnimationFrame(look);
}

/** One problem, as a button to its field. `within`: the place of the list, left out of each entry's words. */
export function ProblemItem({ issue, within = '' }: { issue: EditorIssue; within?: string }) {
  const place = useEditor((s) => issuePlace(s.doc, issue.path));
  // A problem of a whole file (no path) is named by what the file is to the editor.
  const whole = issue.path?.length ? '' : issue.file.startsWith('pages/') ? 'This page' : 'Site settings';
  const shown = within && place.startsWith(within) ? place.slice(within.length).replace(/^ › /, '') : place || whole;
  const where = issue.where || pathText(issue.path ?? []);
  const error = issue.severity === 'error';
  return (
    <button type="button" className={`${styles.linkButton} ${own.problem}`} onClick={() => focusIssue(issue)} title={`${issue.file}:${issue.line}:${issue.column}${where ? `  ${where}` : ''}`}>
      <span className={error ? styles.error : styles.warning}>{error ? 'Error' : 'Warning'}</span> {shown && <span className={own.place}>{shown}:</span>} {editorMessage(issue)}
    </button>
  );
}

/** Every problem of the page (the toolbar's list, the review screen), or that there is none. */
export function PageProblems({ issues }: { issues: readonly EditorIssue[] }) {
  if (issues.length === 0) return <p>The content check finds nothing to fix on this page.</p>;
  return (
    <ul>
      {issues.map((issue, i) => (
        <li key={i}>
          <ProblemItem issue={issue} />
        </li>
      ))}
    </ul>
  );
}

/** The problems under some paths (a block's, the page's settings), above their form. */
export function IssueSummary({ prefixes, label }: { prefixes: JsonPath[]; label: string }) {
  const issues = useEditor((s) => s.issues).filter((i) => prefixes.some((p) => startsWith(i.path, p)));
  const within = useEditor((s) => (prefixes.length === 1 ? issuePlace(s.doc, prefixes[0]) : ''));
  if (issues.length === 0) return null;
  return (
    // Red only when something must be fixed before saving; warnings alone are amber.
    <div className={issues.some((i) => i.severity === 'error') ? styles.summary : `${styles.summary} ${own.warningsOnly}`}>
      <p className={styles.summaryTitle}>
        {issues.length} problem{issues.length === 1 ? '' : 's'} in {label}:
      </p>
      <ul>
        {issues.map((issue, i) => (
          <li key={i}>
            <ProblemItem issue={issue} within={within} />
          </li>
        ))}
      </ul>
    </div>
  );
}
