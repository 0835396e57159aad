/**
 * Every action the studio answers, composed in one place: the pages and their drafts, publishing and history
 * (content-api.ts), reviews (review-api.ts), schedules (schedule-api.ts), presence (presence.ts) and preview links (preview-api.ts,
 * preview-route.ts), with the scheduler that publishes on time. main.ts serves them; the tests replay every write
 * among them as an attacker would.
 */
import type { SchemaValidator } from '../../scripts/content-check/schema-validator.ts';
import type { Logger } from '../logger.ts';
import { createContentApi, type ContentApi } from './content-api.ts';
import type { GitCheckout } from './git-checkout.ts';
import type { StudioStores } from './open-studio-stores.ts';
import { createPresenceApi } from './presence.ts';
import { createPreviewApi } from './preview-api.ts';
import { createPreviewLinks } from './preview-links.ts';
import { previewRoute, type PreviewRoute } from './preview-route.ts';
import type { Publisher } from './publisher.ts';
import { createScheduleApi } from './schedule-api.ts';
import { createScheduler } from './scheduler.ts';
import { createReviewApi } from './review-api.ts';
import type { ReviewNotices } from './review-notices.ts';

export interface StudioActionsOptions {
  root: string;
  stores: Pick<StudioStores, 'accounts' | 'drafts' | 'previews' | 'schedules' | 'reviews'>;
  /** Who hears of review steps by e-mail (review-notices.ts); the studio's screens show them either way. */
  notices: ReviewNotices;
  publisher: Publisher;
  git: GitCheckout;
  validator: () => Promise<SchemaValidator | undefined>;
  /** The studio is reached over HTTPS (the preview's cookie is then __Host- and Secure). */
  secure: boolean;
  log: Logger;
  now?: () => number;
}

export function studioActions(options: StudioActionsOptions): { content: ContentApi; previews: { api: ContentApi; route: PreviewRoute }; scheduler: ReturnType<typeof createScheduler> } {
  const { root, stores, publisher, git, validator, secure, log } = options;
  const now = options.now ?? Date.now;
  const { accounts: store, drafts, schedules } = stores;
  const review = createReviewApi({ root, drafts, reviews: stores.reviews, store, notices: options.notices, now });
  const pages = createContentApi({ root, drafts, publisher, git, store, validator, schedules, review, now });
  const scheduled = createScheduleApi({ root, drafts, schedules, store, now });
  const presence = createPresenceApi({ root, drafts, now });
  const links = createPreviewLinks(stores.previews, now);
  return {
    content: { reads: { ...pages.reads, ...scheduled.reads, ...review.reads }, writes: { ...pages.writes, ...scheduled.writes, ...presence.writes, ...review.writes } },
    previews: { api: createPreviewApi({ links, drafts, store, now }), route: previewRoute({ root, links, drafts, secure, now }) },
    scheduler: createScheduler({ root, schedules, drafts, publisher, store, log, review, now }),
  };
}
