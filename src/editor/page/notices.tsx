/** What the editor must tell before anything else: a conflict with a file on disk, and a draft restored from an earlier session. */
import { fileOf, useEditor, type Part } from './model/editor-store';
import { discardEdits } from './model/save-protocol';
import { differingPaths } from './model/same-value';
import { getIn, pathText } from './model/json-path';
import styles from './editor.module.css';

const MAX_SHOWN = 8;

const shown = (value: unknown) => {
  if (value === undefined) return '(absent)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

function ConflictNotice({ part }: { part: Part }) {
  const conflict = useEditor((s) => s.conflicts[part]);
  const mine = useEditor((s) => s.doc[part]);
  const file = useEditor((s) => fileOf(s, part));
  if (!conflict) return null;
  const paths = differingPaths(mine, conflict.value);
  const titleId = `conflict-${part}`;
  return (
    <section className={styles.conflict} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.noticeTitle}>
        {file} changed on disk while you were editing it
      </h2>
      <p>
        Nothing is saved until you choose. They differ in {paths.length} place{paths.length === 1 ? '' : 's'}:
      </p>
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
              <td>{shown(getIn(mine, path))}</td>
              <td>{shown(getIn(conflict.value, path))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {paths.length > MAX_SHOWN && <p>…and {paths.length - MAX_SHOWN} more.</p>}
      <div className={styles.noticeActions}>
        <button type="button" className={styles.primaryButton} onClick={() => useEditor.getState().keepMine(part)}>
          Keep mine
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => useEditor.getState().takeDisk(part)}>
          Take the disk&apos;s
        </button>
      </div>
    </section>
  );
}

function DraftNotice() {
  const restored = useEditor((s) => s.restoredDraft && Object.keys(s.conflicts).length === 0);
  if (!restored) return null;
  return (
    <section className={styles.notice} aria-label="Restored edits">
      <p>Your unsaved edits from an earlier visit were restored. Save them, or discard them to go back to the files.</p>
      <button type="button" className={styles.secondaryButton} onClick={discardEdits}>
        Discard my edits
      </button>
    </section>
  );
}

export function Notices() {
  return (
    <>
      <ConflictNotice part="page" />
      <ConflictNotice part="site" />
      <DraftNotice />
    </>
  );
}
