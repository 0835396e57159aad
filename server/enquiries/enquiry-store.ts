/**
 * Where enquiries are kept and who delivers them: one interface, two implementations chosen by configuration
 * (open-store.ts). JSONL files in DATA_DIR for one machine (file-store.ts); PostgreSQL with a pg-boss queue
 * when DATABASE_URL is set, for several instances (postgres-store.ts). The send-email route, /healthz, the
 * delivery and `npm run outbox` only talk to this interface.
 */
import type { Logger } from '../logger.ts';
import type { DeadLetter } from './delivery-log.ts';
import type { EnquiryRecord } from './enquiry-record.ts';
import type { MailAddresses } from '../mail/enquiry-message.ts';
import type { MailTransport } from '../mail/mail-transport.ts';

export const RATE_LIMIT = 10;
export const RATE_WINDOW_MS = 60_000;

/** The storage cannot take or answer anything right now (the database is down): the visitor gets a 503. */
export class StorageUnavailableError extends Error {}

export interface DeliveryTarget {
  transport: MailTransport;
  addresses: MailAddresses;
  log: Logger;
}

export interface RunningDelivery {
  stop(): Promise<void>;
}

/** What /healthz shows of the enquiries. `reachable: false` makes the server report itself degraded. */
export interface EnquiryHealth {
  storage: 'files' | 'postgresql';
  reachable: boolean;
  /** Enquiries waiting to be delivered (the queue depth), when the storage can count them cheaply. */
  queued?: number;
  dead?: number;
}

/** What `npm run outbox` prints. */
export interface OutboxReport {
  queued: number;
  delivered: number;
  dead: DeadLetter[];
}

export interface EnquiryStore {
  /** Where the enquiries are, for log lines and the outbox tool: never with a password. */
  describe(): string;
  /** Counts a request from this visitor and says whether it is within RATE_LIMIT a RATE_WINDOW_MS. */
  allowRequest(client: string): Promise<boolean>;
  /** Resolves once the enquiry is stored for good (fsync'ed, or committed); only then is the visitor told. */
  add(entry: EnquiryRecord): Promise<void>;
  /** Sends every queued enquiry, retrying with backoff, and moves the undeliverable ones to the dead letters. */
  startDelivery(target: DeliveryTarget): RunningDelivery;
  health(): Promise<EnquiryHealth>;
  report(): Promise<OutboxReport>;
  /** Queues every dead letter again; resolves to how many. */
  retryDead(): Promise<number>;
  close(): Promise<void>;
}
