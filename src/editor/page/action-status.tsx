/**
 * The polite status region of the page's structure: a move is read out ("Client quotes moved to position 3 of
 * 9"), and a removal shows beside the outline with its Undo, until anything else changes the page.
 */
import { useEffect, useRef } from 'react';
import { useAnnouncement } from './model/announcements';
import { useEditor } from './model/editor-store';
import styles from './action-status.module.css';

function undoRemoval(at: number) {
  useEditor.getState().undo();
  useEditor.getState().select(at);
  useAnnouncement.setState({ text: 'The block is back where it was.', undo: undefined });
  // The Undo button goes with the notice: focus goes to the block it brought back.
  requestAnimationFrame(() => document.querySelectorAll<HTMLElement>('[data-outline-entry]')[at]?.focus());
}

export function ActionStatus() {
  const { text, undo } = useAnnouncement();
  const undoable = useEditor((s) => undo !== undefined && s.doc === undo.after);
  const button = useRef<HTMLButtonElement>(null);
  // The Remove button goes with its block's form: focus that fell to the page comes to Undo, the next thing to do.
  useEffect(() => {
    if (undo && document.activeElement === document.body) button.current?.focus();
  }, [undo]);
  return (
    <div role="status" className={undoable ? styles.toast : 'visually-hidden'}>
      {text && (
        <p className={styles.text}>
          {text}
          {undoable && (
            <button ref={button} type="button" className={styles.undo} onClick={() => undoRemoval(undo!.at)}>
              Undo
            </button>
          )}
        </p>
      )}
    </div>
  );
}
