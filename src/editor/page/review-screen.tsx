/**
 * The review screen (the studio, for publishers), in place of the outline and the form while the preview of the
 * draft stays beside it: who asked and their note, what the saved draft changes on the live page in words
 * (change-words.ts), the content check's problems, and the two answers: "Approve and publish" (a publish of exactly
 * the draft read here) or "Send back" with a comment the author reads on the page.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { changeWords, type ChangeLine } from '../shared/change-words';
import { schemaFiles } from '../shared/schemas';
import { backend, type ReviewRead } from './model/editor-backend';
import { parseDocument } from './model/document-reads';
import { isDirty, useEditor } from './model/editor-store';
import { publishDrafts } from './model/publish-drafts';
import { openReviewScreen, refreshReviews } from './model/reviews';
import { PageProblems } from './problem-list';
import { REVIEW_BUTTON_ID } from './review-control';
import styles from './review.module.css';
import editorStyles from './editor.module.css';

const KIND_WORDS: Record<ChangeLine['kind'], string> = { changed: 'Changed', added: 'Added', removed: 'Removed', moved: 'Moved' };

function ChangeItem({ line }: { line: ChangeLine }) {
  return (
    <li>
      <span className={styles.place}>
        <span className={styles.kind}>{KIND_WORDS[line.kind]}</span>
        {line.place}
      </span>
      {line.kind === 'changed' && (
        <dl className={styles.values}>
          <dt>Was</dt>
          <dd className={styles.before}>{line.before}</dd>
          <dt>Now</dt>
          <dd className={styles.after}>{line.after}</dd>
        </dl>
      )}
    </li>
  );
}

export function ReviewScreen() {
  const file = useEditor((s) => s.file);
  const issues = useEditor((s) => s.issues);
  const dirty = useEditor(isDirty);
  const [read, setRead] = useState<ReviewRead>();
  const [problem, setProblem] = useState('');
  const [comment, setComment] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const reviewing = backend().reviewing;
  useEffect(() => {
    reviewing?.read(file).then(setRead, (error: Error) => setProblem(error.message));
  }, [file, reviewing]);
  const lines = useMemo(() => (read?.draft ? changeWords(schemaFiles, file, read.live === null ? undefined : parseDocument(read.live, file), read.draft.value) : []), [read, file]);
  const close = () => {
    openReviewScreen(false);
    requestAnimationFrame(() => document.getElementById(REVIEW_BUTTON_ID)?.focus());
  };

  async function approve() {
    if (!read?.draft) return;
    setBusy(true);
    // The toolbar's status line says how the publish went; the screen closes once it is live.
    if (await publishDrafts(read.draft.savedAt)) openReviewScreen(false);
    else setBusy(false);
  }
  async function sendBack(event: FormEvent) {
    event.preventDefault();
    if (!comment.trim()) return setProblem('Say what should change: the author reads your comment on the page.');
    setBusy(true);
    try {
      setSaid(await reviewing!.sendBack!(file, comment));
      setProblem('');
      await refreshReviews();
    } catch (error) {
      setProblem((error as Error).message);
    }
    setBusy(false);
  }

  const review = read?.review;
  const errors = issues.filter((i) => i.severity === 'error').length;
  return (
    <main id="main" className={styles.screen} aria-labelledby="review-title" data-testid="review-screen">
      <h2 id="review-title">Review the draft</h2>
      {!read && !problem && <p>Reading the draft…</p>}
      {review && (
        <p>
          {review.author} asked for this review{review.note ? `: “${review.note}”` : '.'}
          {read.draft && read.draft.savedBy !== review.author ? ` The draft was last saved by ${read.draft.savedBy}.` : ''}
        </p>
      )}
      {dirty && <p>You have unsaved edits on this page: the preview and the problems below include them. The change listed and “Approve and publish” are the draft as saved.</p>}
      {read?.draft && (
        <section aria-labelledby="review-changes-title">
          <h3 id="review-changes-title">What changes on the live page</h3>
          {lines.length === 0 ? (
            <p>Nothing: the draft says what the live page says.</p>
          ) : (
            <ul className={styles.changes} data-testid="review-changes">
              {lines.map((line, i) => (
                <ChangeItem key={i} line={line} />
              ))}
            </ul>
          )}
        </section>
      )}
      {read?.draft && (
        <section aria-labelledby="review-problems-title">
          <h3 id="review-problems-title">Content check</h3>
          <PageProblems issues={issues} />
        </section>
      )}
      {read && !read.draft && <p>There is no saved draft of this page any more: it was published or discarded.</p>}
      <p className={editorStyles.status} role="alert">
        {problem}
      </p>
      {said ? (
        <p className={styles.said} role="status">
          {said}
        </p>
      ) : (
        read?.draft &&
        review?.state === 'requested' && (
          <>
            <div className={styles.actions}>
              <button type="button" className={editorStyles.primaryButton} disabled={busy || dirty || errors > 0} onClick={() => void approve()} title={errors > 0 ? 'The content check finds errors: send it back instead' : undefined}>
                Approve and publish
              </button>
            </div>
            <form className={styles.comment} noValidate onSubmit={(e) => void sendBack(e)}>
              <label>
                Comment for {review.author}
                <textarea rows={4} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
              </label>
              <div className={styles.actions}>
                <button type="submit" className={editorStyles.secondaryButton} disabled={busy}>
                  Send back
                </button>
              </div>
            </form>
          </>
        )
      )}
      <div className={styles.actions}>
        <button type="button" className={editorStyles.secondaryButton} onClick={close}>
          Back to the page
        </button>
      </div>
    </main>
  );
}
