/**
 * Reviews before publishing: at most one per page, asked for by an author on the page's saved draft. States:
 * requested (publishers are told) → sent back (with the publisher's comment, shown to the author on the page) →
 * requested again once fixed; approving publishes the draft and removes the review, as does a publish by hand or a
 * discarded draft. In DATA_DIR/studio/reviews.json (here) or in PostgreSQL when DATABASE_URL is set
 * (postgres-review-store.ts); open-studio-stores.ts picks.
 */
import path from 'node:path';
import { pageRecords } from './json-files.ts';

export type ReviewState = 'requested' | 'sent-back';

export interface Person {
  email: string;
  name: string;
}

export interface Review {
  /** The page's content file ("pages/about.json"), or pages.json: the key. */
  file: string;
  state: ReviewState;
  /** Who asked for it: the commit that publishes it names them. */
  author: Person;
  requestedAt: string;
  /** The author's words to the publishers, if any. */
  note: string | null;
  /** The publisher who sent it back, their comment and when (state "sent-back"); null while requested. */
  reviewer: Person | null;
  comment: string | null;
  answeredAt: string | null;
}

export interface ReviewStore {
  list(): Promise<Review[]>;
  get(file: string): Promise<Review | undefined>;
  /** Adds or replaces the page's review. */
  save(review: Review): Promise<void>;
  remove(file: string): Promise<void>;
}

export function createFileReviewStore(dataDir: string): ReviewStore {
  const { all, get, save, remove } = pageRecords<Review>(path.join(dataDir, 'studio', 'reviews.json'));
  // Oldest request first, as PostgreSQL lists them.
  const list = async () => (await all()).sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.file.localeCompare(b.file));
  return { list, get, save, remove };
}
