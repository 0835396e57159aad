/**
 * What the toolbar's small forms (Schedule…, Ask for review…) share: the first field takes the focus, Escape
 * closes, and sending closes with the server's words or keeps the form open with the problem in words.
 */
import { useEffect, useRef, useState } from 'react';
import styles from './schedule.module.css';
import editorStyles from './editor.module.css';

export function useToolbarForm<E extends HTMLElement>(onClose: (message?: string) => void) {
  const first = useRef<E>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [onClose]);

  /** Runs the form's action; its answer closes the form, its failure is said in the form. */
  async function send(action: () => Promise<string>): Promise<void> {
    setBusy(true);
    try {
      onClose(await action());
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  }
  return { first, problem, setProblem, busy, send };
}

/** The end of such a form: its problem, said as an alert, then its button and Close. */
export function ToolbarFormEnd({ problem, busy, label, onClose }: { problem: string; busy: boolean; label: string; onClose(): void }) {
  return (
    <>
      <p className={styles.problem} role="alert">
        {problem}
      </p>
      <div className={styles.buttons}>
        <button type="submit" className={editorStyles.primaryButton} disabled={busy}>
          {label}
        </button>
        <button type="button" className={editorStyles.secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}
