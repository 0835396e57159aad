/**
 * The embedded storage, for one machine: the JSONL outbox in DATA_DIR (outbox-file.ts), its delivery log and
 * dead letters (delivery-log.ts), the delivery worker of file-delivery.ts, and a rate limit counted in this
 * process.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readDeadLetters, readOutbox, readStates, recordRequeued } from './delivery-log.ts';
import { storedOf, type EnquiryRecord } from './enquiry-record.ts';
import { startDelivery } from './file-delivery.ts';
import { appendToOutbox, OUTBOX_FILE } from './outbox-file.ts';
import { RATE_LIMIT, RATE_WINDOW_MS, type EnquiryStore, type OutboxReport } from './enquiry-store.ts';

/** A sliding window of request times per client address. */
function createLimiter() {
  const hits = new Map<string, number[]>();
  return (address: string, now: number): boolean => {
    // Forget addresses that have been quiet for a whole window, so the map does not grow without bound.
    if (hits.size > 1000) {
      for (const [key, times] of hits) if (times.every((t) => now - t >= RATE_WINDOW_MS)) hits.delete(key);
    }
    const recent = (hits.get(address) ?? []).filter((t) => now - t < RATE_WINDOW_MS);
    recent.push(now);
    hits.set(address, recent);
    return recent.length <= RATE_LIMIT;
  };
}

async function readFileReport(dataDir: string): Promise<OutboxReport> {
  const [entries, states, deadLetters] = await Promise.all([readOutbox(dataDir), readStates(dataDir), readDeadLetters(dataDir)]);
  const count = (state: string | undefined) => entries.filter((e) => states.get(e.id) === state).length;
  const dead = entries.filter((e) => states.get(e.id) === 'dead').map((e) => deadLetters.findLast((d) => d.id === e.id) ?? { ...e, failedAt: '', reason: 'no reason recorded' });
  return { queued: count(undefined) + count('requeued'), delivered: count('delivered'), dead };
}

export function createFileStore(dataDir: string): EnquiryStore {
  const dir = path.resolve(dataDir);
  const allow = createLimiter();
  let ready: Promise<void> | undefined;
  const ensureDir = () => {
    // A failed mkdir (permissions, full disk) is retried by the next enquiry rather than remembered.
    ready ??= mkdir(dir, { recursive: true }).then(
      () => undefined,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };

  return {
    describe: () => dir,
    allowRequest: async (client) => allow(client, Date.now()),
    async add(entry: EnquiryRecord) {
      await ensureDir();
      await appendToOutbox(path.join(dir, OUTBOX_FILE), storedOf(entry));
    },
    startDelivery({ transport, addresses, log }) {
      const delivery = startDelivery({ dataDir: dir, transport, addresses, log });
      return { stop: async () => delivery.stop() };
    },
    // Counting the queue means reading the whole outbox: /healthz stays cheap and leaves it to `npm run outbox`.
    health: async () => ({ storage: 'files', reachable: true }),
    report: () => readFileReport(dir),
    async retryDead() {
      const { dead } = await readFileReport(dir);
      if (dead.length > 0)
        await recordRequeued(
          dir,
          dead.map((d) => d.id),
        );
      return dead.length;
    },
    close: async () => undefined,
  };
}
