/**
 * The enquiry outbox: one JSON line per enquiry in `<dataDir>/outbox.jsonl`, on disk (write + fsync) before the
 * visitor is told it was received. One writer per file: in this process a promise chain serialises the
 * appends, and with several workers (WEB_CONCURRENCY) each worker hands its lines to the primary process,
 * which writes them all, so lines never interleave and no two processes write at once.
 */
import cluster from 'node:cluster';
import { appendDurably } from '../durable-write.ts';
import type { StoredEnquiry } from './enquiry-record.ts';

export const OUTBOX_FILE = 'outbox.jsonl';

type AppendListener = (entry: StoredEnquiry) => void;
const listeners = new Set<AppendListener>();

/** Told of every entry this process wrote (the delivery worker listens), once it is on disk. */
export function onAppended(listener: AppendListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface AppendRequest {
  type: 'outbox-append';
  id: number;
  file: string;
  line: string;
}

interface AppendReply {
  type: 'outbox-appended';
  id: number;
  error?: string;
}

const writers = new Map<string, Promise<void>>();

/** Appends in this process, after every earlier append to the same file. */
function appendHere(file: string, line: string): Promise<void> {
  const previous = writers.get(file) ?? Promise.resolve();
  const mine = previous
    .then(() => appendDurably(file, line))
    .then(() => {
      if (listeners.size === 0) return;
      const entry = JSON.parse(line) as StoredEnquiry;
      for (const listener of listeners) listener(entry);
    });
  // A failed write is reported to its own request only; the next one still runs.
  const tail = mine.catch(() => undefined);
  writers.set(file, tail);
  void tail.then(() => {
    if (writers.get(file) === tail) writers.delete(file);
  });
  return mine;
}

let nextId = 0;
const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

function appendThroughPrimary(file: string, line: string): Promise<void> {
  const id = ++nextId;
  if (pending.size === 0) process.on('message', onReply);
  return new Promise<void>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    process.send!({ type: 'outbox-append', id, file, line } satisfies AppendRequest);
  });
}

function onReply(message: unknown): void {
  const reply = message as AppendReply;
  if (reply?.type !== 'outbox-appended') return;
  const waiting = pending.get(reply.id);
  if (!waiting) return;
  pending.delete(reply.id);
  if (pending.size === 0) process.off('message', onReply);
  if (reply.error) waiting.reject(new Error(`The outbox could not be written: ${reply.error}`));
  else waiting.resolve();
}

export function appendToOutbox(file: string, entry: StoredEnquiry): Promise<void> {
  const line = `${JSON.stringify(entry)}\n`;
  return cluster.isWorker && process.send ? appendThroughPrimary(file, line) : appendHere(file, line);
}

/** In the primary process: write the lines the workers hand over, and tell each when its line is on disk. */
export function serveOutboxWrites(): void {
  cluster.on('message', (worker, message: unknown) => {
    const request = message as AppendRequest;
    if (request?.type !== 'outbox-append') return;
    appendHere(request.file, request.line).then(
      () => worker.isConnected() && worker.send({ type: 'outbox-appended', id: request.id } satisfies AppendReply),
      (error: unknown) => worker.isConnected() && worker.send({ type: 'outbox-appended', id: request.id, error: (error as Error).message } satisfies AppendReply),
    );
  });
}
