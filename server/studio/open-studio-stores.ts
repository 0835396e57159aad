/**
 * Where the studio keeps its accounts, drafts, scheduled publishes and reviews, by configuration, for the studio and the studio:user tool alike:
 * PostgreSQL when DATABASE_URL is set (the database the enquiries use, in a schema of its own), else files in
 * DATA_DIR (the embedded default). Everything else talks to the AccountStore, DraftStore, ScheduleStore and ReviewStore interfaces only.
 */
import type { Logger } from '../logger.ts';
import type { AccountStore } from './account-store.ts';
import { createFileDraftStore, type DraftStore } from './draft-store.ts';
import { createFileAccountStore } from './file-account-store.ts';
import { createPostgresAccountStore } from './postgres-account-store.ts';
import { createPostgresDraftStore } from './postgres-draft-store.ts';
import { createPostgresScheduleStore } from './postgres-schedule-store.ts';
import { createFileScheduleStore, type ScheduleStore } from './schedule-store.ts';
import { openStudioDatabase } from './studio-database.ts';
import { createFilePreviewLinkStore, type PreviewLinkStore } from './preview-link-store.ts';
import { createPostgresPreviewLinkStore } from './postgres-preview-link-store.ts';
import { createFileReviewStore, type ReviewStore } from './review-store.ts';
import { createPostgresReviewStore } from './postgres-review-store.ts';

export interface StudioStores {
  accounts: AccountStore;
  drafts: DraftStore;
  previews: PreviewLinkStore;
  schedules: ScheduleStore;
  reviews: ReviewStore;
  /** Where they are, for people: "DATA_DIR/studio at /srv/data" or "PostgreSQL at db:5432/site" (never a password). */
  where: string;
  /** Connects and migrates once (nothing to do for files); rejects with StorageUnavailableError while the database is away. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function openStudioStores(config: { dataDir: string; databaseUrl: string | undefined }, log: Logger): StudioStores {
  if (!config.databaseUrl) {
    return {
      accounts: createFileAccountStore(config.dataDir),
      drafts: createFileDraftStore(config.dataDir),
      previews: createFilePreviewLinkStore(config.dataDir),
      schedules: createFileScheduleStore(config.dataDir),
      reviews: createFileReviewStore(config.dataDir),
      where: `DATA_DIR/studio at ${config.dataDir}`,
      ready: async () => undefined,
      close: async () => undefined,
    };
  }
  const db = openStudioDatabase(config.databaseUrl, log);
  return {
    accounts: createPostgresAccountStore(db),
    drafts: createPostgresDraftStore(db),
    previews: createPostgresPreviewLinkStore(db),
    schedules: createPostgresScheduleStore(db),
    reviews: createPostgresReviewStore(db),
    where: db.where,
    ready: db.ready,
    close: db.close,
  };
}
