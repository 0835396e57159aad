/**
 * Over the page while it has a review (the studio): waiting since when, with the author's note, or sent back by
 * whom with the publisher's comment, which is what the author reads to fix the draft.
 */
import { siteTimeZone } from '../../model/time-zone';
import { useEditor } from './model/editor-store';
import { reviewWords, useReviews } from './model/reviews';
import styles from './review.module.css';

export function ReviewBanner() {
  const file = useEditor((s) => s.file);
  const site = useEditor((s) => s.disk.site.value) as { settings?: unknown } | undefined;
  const review = useReviews((s) => s.byFile?.[file]);
  if (!review) return null;
  const sentBack = review.state === 'sent-back';
  return (
    <section className={sentBack ? styles.bannerSentBack : styles.banner} aria-label="Review" data-testid="review-banner">
      <p>{reviewWords(review, siteTimeZone(site?.settings))}</p>
      <p>{sentBack ? 'Change the page, save, and ask for a review again.' : 'A publisher publishes the draft or sends it back with a comment.'}</p>
    </section>
  );
}
