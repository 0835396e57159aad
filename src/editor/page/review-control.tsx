/**
 * The toolbar's part in review before publishing (the studio): an author asks for a review of the saved draft
 * ("Ask for review…"); a publisher opens the review screen of a page waiting for one ("Review"). The banner
 * (review-banner.tsx) says the state in words.
 */
import { useEffect, useRef, useState } from 'react';
import { backend } from './model/editor-backend';
import { useEditor } from './model/editor-store';
import { openReviewScreen, refreshReviews, useReviews } from './model/reviews';
import { ReviewRequest } from './review-request';
import scheduleStyles from './schedule.module.css';
import editorStyles from './editor.module.css';

export const REVIEW_BUTTON_ID = 'review-button';
const REFRESH_MS = 15_000;

export function ReviewControl() {
  const file = useEditor((s) => s.file);
  const review = useReviews((s) => s.byFile?.[file]);
  const screenOpen = useReviews((s) => s.screenOpen);
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  // Read again now and then: a request or a send-back made elsewhere shows up without a reload.
  useEffect(() => {
    void refreshReviews();
    const timer = setInterval(() => void refreshReviews(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const reviewing = backend().reviewing;
  if (!reviewing) return null;

  if (reviewing.sendBack) {
    if (review?.state !== 'requested') return null;
    return (
      <button type="button" id={REVIEW_BUTTON_ID} className={editorStyles.primaryButton} aria-pressed={screenOpen} onClick={() => openReviewScreen(!screenOpen)} title="Read what the draft changes, then publish it or send it back">
        {screenOpen ? 'Close review' : 'Review'}
      </button>
    );
  }
  const close = (message?: string) => {
    setAsking(false);
    if (message) setSaid(message);
    requestAnimationFrame(() => opener.current?.focus());
  };
  // Waiting already, or nothing saved to review: the banner says so.
  const mayAsk = review?.state !== 'requested' && (backend().previews?.hasDraft(file) ?? false);
  return (
    <div className={scheduleStyles.scheduled}>
      <span role="status" data-testid="review-said">
        {said}
      </span>
      {mayAsk && (
        <button ref={opener} type="button" className={editorStyles.secondaryButton} aria-expanded={asking} onClick={() => setAsking(!asking)} title="Ask a publisher to review the saved draft of this page">
          Ask for review…
        </button>
      )}
      {asking && <ReviewRequest file={file} reviewing={reviewing} onClose={close} />}
    </div>
  );
}
