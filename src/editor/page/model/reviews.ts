/**
 * The studio's reviews as the editor knows them (editor-backend.ts `reviewing`): read when the list or a page opens
 * and after each step, shared by the page list, the toolbar and the banner; whether the review screen is open; and
 * each state in words, times in the site's zone.
 */
import { create } from 'zustand';
import { shownTime } from '../../shared/zoned-time';
import { backend, type PageReview } from './editor-backend';

interface ReviewsState {
  /** Page document → its review; undefined until read (or where the server has none). */
  byFile: Record<string, PageReview> | undefined;
  /** The review screen is open in place of the outline and form. */
  screenOpen: boolean;
}

export const useReviews = create<ReviewsState>()(() => ({ byFile: undefined, screenOpen: false }));

/** Reads the reviews again; a failed read leaves what was shown (the next step or reload tries again). */
export async function refreshReviews(): Promise<void> {
  const reviewing = backend().reviewing;
  if (!reviewing) return;
  const list = await reviewing.list().catch(() => undefined);
  if (list) useReviews.setState({ byFile: Object.fromEntries(list.map((r) => [r.file, r])) });
}

export const openReviewScreen = (open: boolean) => useReviews.setState({ screenOpen: open });

const quoted = (text: string | null) => (text ? `: “${text}”` : '.');

/** The page list's cell and the banner's sentence. */
export function reviewWords(review: PageReview, zone: string): string {
  if (review.state === 'sent-back') return `Sent back by ${review.reviewer ?? 'a publisher'} on ${shownTime(Date.parse(review.answeredAt ?? review.requestedAt), zone)}${quoted(review.comment)}`;
  return `Review asked for by ${review.author} on ${shownTime(Date.parse(review.requestedAt), zone)}${quoted(review.note)}`;
}
