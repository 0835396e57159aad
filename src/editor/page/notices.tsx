/**
 * What the editor must tell before anything else: the fields changed both here and on disk (each decided on its
 * own), a draft restored from an earlier session, and a discard that can still be undone.
 */
import { useEffect, useRef } from 'react';
import { useEditor, type Part } from './model/editor-store';
import { decide, type PendingConflict } from './model/disk-merge';
import { conflictPlace, sideText } from './model/merge-words';
import { discardEdits } from './model/save-protocol';
import { backend } from './model/editor-backend';
import styles from './editor.module.css';
import own from './notices.module.css';

const PART_NAMES: Record<Part, string> = { page: 'this page', site: 'the site’s pages and menus (pages.json)' };

function ConflictRow({ part, conflict }: { part: Part; conflict: PendingConflict }) {
  const doc = useEditor((s) => s.doc[part]);
  const where = conflictPlace(part, doc, conflict);
  const choose = (side: 'mine' | 'theirs') => decide(part, [conflict.key], side);
  const { theirs } = backend();
  return (
    <tr data-conflict={conflict.key}>
      <th scope="row">{where}</th>
      <td>{sideText(conflict, conflict.mine)}</td>
      <td>{sideText(conflict, conflict.theirs)}</td>
      <td className={own.choices}>
        <button type="button" className={styles.secondaryButton} aria-label={`Keep yours: ${where}`} onClick={() => choose('mine')}>
          Keep yours
        </button>
        <button type="button" className={styles.secondaryButton} aria-label={`${theirs.take}: ${where}`} onClick={() => choose('theirs')}>
          {theirs.take}
        </button>
      </td>
    </tr>
  );
}

function ConflictNotice({ part }: { part: Part }) {
  const conflicts = useEditor((s) => s.conflicts[part]);
  if (!conflicts) return null;
  const count = conflicts.length;
  const titleId = `conflict-${part}`;
  const { theirs } = backend();
  const decideAll = (side: 'mine' | 'theirs') =>
    decide(
      part,
      conflicts.map((c) => c.key),
      side,
    );
  return (
    <section className={`${styles.conflict} ${own.conflict}`} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.noticeTitle}>
        {count === 1 ? 'One field was' : `${count} fields were`} changed both here and {theirs.where}, in {PART_NAMES[part]}
      </h2>
      <p>
        Every other change {theirs.from} was merged into your edits. Choose which version to keep for {count === 1 ? 'it' : 'each'}; saving waits until you have.
      </p>
      <table className={own.table}>
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Yours</th>
            <th scope="col">{theirs.column}</th>
            <th scope="col">Keep</th>
          </tr>
        </thead>
        <tbody>
          {conflicts.map((conflict) => (
            <ConflictRow key={conflict.key} part={part} conflict={conflict} />
          ))}
        </tbody>
      </table>
      {count > 1 && (
        <div className={styles.noticeActions}>
          <button type="button" className={styles.secondaryButton} onClick={() => decideAll('mine')}>
            Keep all yours
          </button>
          <button type="button" className={styles.secondaryButton} onClick={() => decideAll('theirs')}>
            {theirs.takeAll}
          </button>
        </div>
      )}
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

/** In place of the Discard button it follows, so the way back is where the editor's attention already is. */
function DiscardedNotice() {
  const discarded = useEditor((s) => s.discarded !== null);
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (discarded) undo.current?.focus();
  }, [discarded]);
  if (!discarded) return null;
  return (
    <section className={styles.notice} aria-label="Edits discarded">
      <p role="status">Your edits were discarded: the page is as it is on disk.</p>
      <button ref={undo} type="button" className={styles.secondaryButton} onClick={() => useEditor.getState().undo()}>
        Undo discard
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
      <DiscardedNotice />
    </>
  );
}
