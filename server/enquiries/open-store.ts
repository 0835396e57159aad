/** The server's enquiry storage, by configuration: PostgreSQL when DATABASE_URL is set, else the JSONL files in DATA_DIR. */
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { EnquiryStore } from './enquiry-store.ts';
import { createFileStore } from './file-store.ts';
import { createPostgresStore } from './postgres-store.ts';

export function openEnquiryStore(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'enquirySendExpiryS'>, log: Logger): EnquiryStore {
  if (!config.databaseUrl) return createFileStore(config.dataDir);
  const store = createPostgresStore(config.databaseUrl, log, { sendExpiryS: config.enquirySendExpiryS });
  store.keepConnecting();
  return store;
}
