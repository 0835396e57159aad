/** What the editor must tell before anything else: a conflict with the file on disk, and a draft restored from an earlier session. */
import { useEditor } from './editor-store';
import { discardEdits } from './editor-session';
import { differingPaths } from './same-value';
import { getIn, pathText } from './json-path';
import styles from './editor.module.css';

const MAX_SHOWN = 8;

const shown = (value: unknown) => {
  if (value === undefined) return '(absent)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

function ConflictNotice() {
  const conflict = useEditor((s) => s.conflict);
  const doc = useEditor((s) => s.doc);
  const file = useEditor((s) => s.file);
  if (!conflict) return null;
  const paths = differingPaths(doc, conflict.value);
  return (
    <section className={styles.conflict} role="alert" aria-labelledby="conflict-title">
      <h2 id="conflict-title" className={styles.noticeTitle}>
        {file} changed on disk while you were editing it
      </h2>
      <p>Nothing is saved until you choose. They differ in {paths.length} place{paths.length === 1 ? '' : 's'}:</p>
      <table className={styles.conflictTable}>
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Yours</th>
            <th scope="col">On disk</th>
          </tr>
        </thead>
        <tbody>
          {paths.slice(0, MAX_SHOWN).map((path) => (
            <tr key={pathText(path)}>
              <th scope="row">{pathText(path) || 'the whole file'}</th>
              <td>{shown(getIn(doc, path))}</td>
              <td>{shown(getIn(conflict.value, path))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {paths.length > MAX_SHOWN && <p>…and {paths.length - MAX_SHOWN} more.</p>}
      <div className={styles.noticeActions}>
        <button type="button" className={styles.primaryButton} onClick={() => useEditor.getState().keepMine()}>
          Keep mine
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => useEditor.getState().takeDisk()}>
          Take the disk&apos;s
        </button>
      </div>
    </section>
  );
}

function DraftNotice() {
  const restored = useEditor((s) => s.restoredDraft && !s.conflict);
  if (!restored) return null;
  return (
    <section className={styles.notice} aria-label="Restored edits">
      <p>Your unsaved edits from an earlier visit were restored. Save them, or discard them to go back to the file.</p>
      <button type="button" className={styles.secondaryButton} onClick={discardEdits}>
        Discard my edits
      </button>
    </section>
  );
}

export function Notices() {
  return (
    <>
      <ConflictNotice />
      <DraftNotice />
    </>
  );
}
