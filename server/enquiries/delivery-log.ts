/**
 * The state of every enquiry, on disk, next to the outbox (DATA_DIR): outbox.jsonl holds each enquiry as it
 * arrived; deliveries.jsonl records what became of it, one event a line (delivered, dead, requeued: the last
 * one counts); dead-letter.jsonl keeps each enquiry that could not be delivered, with the reason, for people.
 * An enquiry with no event, or whose last event is "requeued", is queued. Every line is written whole and
 * fsync'ed; a line cut short by a crash is skipped when read.
 */
import { readFile } from 'node:fs/promises';
import { appendDurably } from '../durable-write.ts';
import path from 'node:path';
import { recordOfStored, storedOf, type EnquiryRecord, type StoredEnquiry } from './enquiry-record.ts';
import { OUTBOX_FILE } from './outbox-file.ts';

export const DELIVERIES_FILE = 'deliveries.jsonl';
export const DEAD_LETTER_FILE = 'dead-letter.jsonl';

export type DeliveryState = 'delivered' | 'dead' | 'requeued';

export interface DeliveryEvent {
  id: string;
  state: DeliveryState;
  at: string;
  reason?: string;
}

export interface DeadLetter extends EnquiryRecord {
  failedAt: string;
  reason: string;
}

/** A line of dead-letter.jsonl: the enquiry as stored, and why it could not be delivered. */
type StoredDeadLetter = StoredEnquiry & { failedAt: string; reason: string };

async function readLines<T>(file: string): Promise<T[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const rows: T[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      rows.push(JSON.parse(line) as T);
    } catch {
      // A line cut short by a crash mid-write: it was never acknowledged, so nothing is lost by skipping it.
    }
  }
  return rows;
}

/** Whole lines, in one write, so lines from two processes (the server and `npm run outbox`) never mix. */
function appendLines(file: string, rows: unknown[]): Promise<void> {
  return appendDurably(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
}

export const readOutbox = async (dataDir: string): Promise<EnquiryRecord[]> => (await readLines<StoredEnquiry>(path.join(dataDir, OUTBOX_FILE))).filter((r) => typeof r.id === 'string').map(recordOfStored);
export const readDeadLetters = async (dataDir: string): Promise<DeadLetter[]> =>
  (await readLines<StoredDeadLetter>(path.join(dataDir, DEAD_LETTER_FILE))).map(({ failedAt, reason, ...stored }) => ({ ...recordOfStored(stored), failedAt, reason }));

/** The last state of each enquiry that has one. */
export async function readStates(dataDir: string): Promise<Map<string, DeliveryState>> {
  const states = new Map<string, DeliveryState>();
  for (const event of await readLines<DeliveryEvent>(path.join(dataDir, DELIVERIES_FILE))) states.set(event.id, event.state);
  return states;
}

export async function queuedEntries(dataDir: string): Promise<EnquiryRecord[]> {
  const [entries, states] = await Promise.all([readOutbox(dataDir), readStates(dataDir)]);
  return entries.filter((e) => {
    const state = states.get(e.id);
    return state === undefined || state === 'requeued';
  });
}

export function recordDelivered(dataDir: string, id: string): Promise<void> {
  return appendLines(path.join(dataDir, DELIVERIES_FILE), [{ id, state: 'delivered', at: new Date().toISOString() } satisfies DeliveryEvent]);
}

export async function recordDead(dataDir: string, entry: EnquiryRecord, reason: string): Promise<void> {
  const at = new Date().toISOString();
  await appendLines(path.join(dataDir, DEAD_LETTER_FILE), [{ ...storedOf(entry), failedAt: at, reason } satisfies StoredDeadLetter]);
  await appendLines(path.join(dataDir, DELIVERIES_FILE), [{ id: entry.id, state: 'dead', at, reason } satisfies DeliveryEvent]);
}

export function recordRequeued(dataDir: string, ids: readonly string[]): Promise<void> {
  const at = new Date().toISOString();
  return appendLines(
    path.join(dataDir, DELIVERIES_FILE),
    ids.map((id) => ({ id, state: 'requeued', at }) satisfies DeliveryEvent),
  );
}
