/**
 * The delivery worker: sends every queued enquiry as an e-mail and records it delivered. A failure is tried
 * again with exponential backoff (1 s, 2 s, 4 s … at most 30 s apart); a permanent one (an SMTP 5xx answer),
 * or 24 hours of trying, moves the enquiry to the dead letters with one log line. It starts from what is on
 * disk, so after a restart or a crash every queued enquiry is sent; it looks at the disk again now and then, so
 * dead letters requeued by `npm run outbox -- --retry-dead` go out too. One process runs it: the server, or the
 * primary of WEB_CONCURRENCY workers.
 */
import type { Logger } from '../logger.ts';
import { enquiryMessage, type MailAddresses } from '../mail/enquiry-message.ts';
import { isPermanentFailure, SEND_CONCURRENCY, type MailTransport } from '../mail/mail-transport.ts';
import { queuedEntries, recordDead, recordDelivered } from './delivery-log.ts';
import { recordOfStored, type EnquiryRecord } from './enquiry-record.ts';
import { onAppended } from './outbox-file.ts';

export interface DeliveryOptions {
  dataDir: string;
  transport: MailTransport;
  addresses: MailAddresses;
  log: Logger;
  maxAgeMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How often the disk is read again for requeued enquiries. */
  rescanMs?: number;
}

export interface Delivery {
  /** Resolves when nothing is due any more (tests wait on it). */
  settled(): Promise<void>;
  stop(): void;
}

interface Queued {
  entry: EnquiryRecord;
  attempts: number;
  dueAt: number;
}

export function startDelivery(options: DeliveryOptions): Delivery {
  const { dataDir, transport, addresses, log } = options;
  const maxAgeMs = options.maxAgeMs ?? 24 * 60 * 60 * 1000;
  const firstRetryMs = options.firstRetryMs ?? 1000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const queue = new Map<string, Queued>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const enqueue = (entry: EnquiryRecord) => {
    if (!queue.has(entry.id)) queue.set(entry.id, { entry, attempts: 0, dueAt: 0 });
  };

  const attempt = async (item: Queued) => {
    const { entry } = item;
    try {
      await transport.send(enquiryMessage(entry, addresses));
      await recordDelivered(dataDir, entry.id);
      queue.delete(entry.id);
      log.info({ enquiry: entry.id, attempts: item.attempts + 1 }, 'Enquiry delivered');
    } catch (error) {
      item.attempts++;
      const reason = error instanceof Error ? error.message : String(error);
      const expired = Date.now() - Date.parse(entry.receivedAt) >= maxAgeMs;
      if (isPermanentFailure(error) || expired) {
        await recordDead(dataDir, entry, reason);
        queue.delete(entry.id);
        log.error({ enquiry: entry.id, attempts: item.attempts, reason }, 'Enquiry moved to the dead letters: it cannot be delivered');
        return;
      }
      item.dueAt = Date.now() + Math.min(maxRetryMs, firstRetryMs * 2 ** (item.attempts - 1));
      log.warn({ enquiry: entry.id, attempts: item.attempts, retryInMs: item.dueAt - Date.now(), reason }, 'Enquiry not delivered yet; trying again');
    }
  };

  const run = async () => {
    for (;;) {
      const due = [...queue.values()].filter((q) => q.dueAt <= Date.now());
      if (due.length === 0 || stopped) return;
      // A few at a time, as many as the transport keeps connections open.
      let next = 0;
      const lane = async () => {
        while (next < due.length && !stopped) await attempt(due[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, due.length) }, lane));
    }
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    const next = Math.min(...[...queue.values()].map((q) => q.dueAt), Date.now() + (options.rescanMs ?? 30_000));
    timer = setTimeout(() => void kick(true), Math.max(0, next - Date.now()));
    timer.unref();
  };

  /** Runs the due sends, one pass at a time; `rescan` reads the disk first. */
  const kick = (rescan = false): Promise<void> => {
    if (running) return running.then(() => kick(rescan));
    running = (async () => {
      try {
        if (rescan) for (const entry of await queuedEntries(dataDir)) enqueue(entry);
        await run();
      } catch (error) {
        log.error({ err: error }, 'The delivery worker could not read or write its files; it will try again');
      } finally {
        running = undefined;
        schedule();
      }
    })();
    return running;
  };

  const unsubscribe = onAppended((stored) => {
    enqueue(recordOfStored(stored));
    void kick();
  });
  void kick(true);

  return {
    async settled() {
      for (;;) {
        await (running ?? Promise.resolve());
        if (!running && ![...queue.values()].some((q) => q.dueAt <= Date.now())) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      transport.close();
    },
  };
}
