/**
 * "Ask for review…" in the toolbar (the studio, for authors): an optional note for the publishers, sent with the
 * page's saved draft. Unsaved edits are not in a review, so it asks to save first. Escape or Close returns the
 * focus to the button that opened it.
 */
import { useState, type FormEvent } from 'react';
import { ToolbarFormEnd, useToolbarForm } from './toolbar-form';
import type { Reviewing } from './model/editor-backend';
import { isDirty, useEditor } from './model/editor-store';
import { refreshReviews } from './model/reviews';
import styles from './review.module.css';

export function ReviewRequest({ file, reviewing, onClose }: { file: string; reviewing: Reviewing; onClose(message?: string): void }) {
  const [note, setNote] = useState('');
  const { first, problem, setProblem, busy, send } = useToolbarForm<HTMLTextAreaElement>(onClose);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isDirty(useEditor.getState())) return setProblem('Save your edits first: a review is of the saved draft.');
    void send(async () => {
      const message = await reviewing.request(file, note);
      await refreshReviews();
      return message;
    });
  }

  return (
    <form className={styles.requestForm} noValidate aria-labelledby="review-request-title" onSubmit={submit}>
      <h2 id="review-request-title">Ask a publisher to review this draft</h2>
      <p>The publishers see your request in the studio (and by e-mail where the studio sends mail). They publish the draft or send it back with a comment.</p>
      <label>
        Note for the publishers (optional)
        <textarea ref={first} rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <ToolbarFormEnd problem={problem} busy={busy} label={'Send request'} onClose={() => onClose()} />
    </form>
  );
}
