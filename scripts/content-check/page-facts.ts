/**
 * Each page document's own facts (check-document.ts), for the checks across documents: from the result cache
 * when the file was not written since (its stamp, without reading it) or has the same bytes, else read and
 * checked. Many documents to check (a full build, a cold cache) are split across worker threads, one per core
 * (page-facts-worker.mjs); a few are checked here, which costs less than starting the workers.
 */
import { hash } from 'node:crypto';
import type { FileStat } from '../file-stats.ts';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue } from './issue.ts';
import { checkDocument, noFacts, type SchemaCheck } from './check-document.ts';
import type { DocumentFacts } from './document.ts';
import type { ResultCache } from './result-cache.ts';
import { fileStamp, readBytes } from './read-bytes.ts';
import { runInWorkers } from '../worker-pool.ts';

export interface PageSource {
  /** Repository-relative: "pages/about.json". */
  rel: string;
  page: string;
  /** A text to check in place of the file (the editor's unsaved document). */
  override?: string;
}

export interface PageFacts {
  facts: DocumentFacts;
  /** The file could not be read: its one issue says so, at 1:1. */
  unreadable?: boolean;
  /** The stamp of the file the facts are of (read-bytes.ts); '' for a text given in its place or a file not read. */
  stamp: string;
}

/**
 * What a worker answers for one document: the stamp and hash of the bytes it read and their facts (none when
 * the hash is the cache's), or why it could not be read.
 */
export type CheckedInWorker = { stamp: string; hash: string; facts?: DocumentFacts } | { unreadable: string };

export interface PageFactsWorkerData {
  root: string;
  schemasDir: string;
  /** Whether to hash each document's bytes (for the cache). */
  hashes: boolean;
}

export interface PageFactsJob {
  /** Each document, with the hash of the bytes whose facts the cache keeps (the worker need not check those). */
  documents: Array<{ rel: string; page: string; cachedHash?: string }>;
  /** Where the answers go, by the sources' order. */
  indexes: number[];
}

export interface PageFactsOptions {
  root: string;
  check: SchemaCheck | undefined;
  cache: ResultCache | undefined;
  /** For the workers, which compile the schemas themselves. */
  schemasDir: string;
  /** From this many documents to check, worker threads check them (the workers' start costs about a second). */
  workersFrom?: number | undefined;
  /** Stats taken already, by absolute path (the build's): a file among them is not stat again. */
  stats?: ReadonlyMap<string, FileStat> | undefined;
}

const WORKERS_FROM = 2000;
/** Documents per message to a worker: enough that the messages cost nothing, few enough to share the work evenly. */
const JOB_SIZE = 250;
/** Stats at once: enough to keep the disk busy, never thousands of open requests. */
const STATS_AT_ONCE = 256;

export const unreadableFacts = (rel: string, code: string | undefined): DocumentFacts => {
  const issue: ContentIssue = { severity: 'error', rule: 'read', file: rel, line: 1, column: 1, where: '', message: `cannot be read (${code ?? 'error'}). Check that the file exists and is readable.` };
  return noFacts([issue]);
};

const workerFile = new URL('./page-facts-worker.mjs', import.meta.url);

/** The facts of each source, in their order; `inWorkers`: whether worker threads checked them. */
export async function pageFacts(sources: readonly PageSource[], { root, check, cache, schemasDir, workersFrom = WORKERS_FROM, stats }: PageFactsOptions): Promise<{ facts: PageFacts[]; inWorkers: boolean }> {
  const results: Array<PageFacts | undefined> = new Array(sources.length);
  // With a cache, a file not written since it was checked is not even read.
  if (cache) {
    for (let i = 0; i < sources.length; i += STATS_AT_ONCE) {
      await Promise.all(
        sources.slice(i, i + STATS_AT_ONCE).map(async (source, j) => {
          if (source.override !== undefined) return;
          const file = path.join(root, source.rel);
          const info = stats?.get(file) ?? (await stat(file).catch(() => undefined));
          if (!info) return; // read below, which says why it cannot be
          const stamp = fileStamp(info);
          const facts = cache.reuse(source.rel, stamp);
          if (facts) results[i + j] = { facts, stamp };
        }),
      );
    }
  }
  const pending = sources.flatMap((_, i) => (results[i] ? [] : [i]));
  const onDisk = pending.filter((i) => sources[i]!.override === undefined);
  const answer = (i: number, answered: CheckedInWorker | { stamp: string; hash: string; facts: () => DocumentFacts }) => {
    const { rel } = sources[i]!;
    if ('unreadable' in answered) {
      results[i] = { facts: unreadableFacts(rel, answered.unreadable), unreadable: true, stamp: '' };
      return;
    }
    // The stamp of the bytes read, not of the stat above: the file may have been written in between.
    const { stamp } = answered;
    const reused = cache?.reuse(rel, stamp, answered.hash);
    if (reused) {
      results[i] = { facts: reused, stamp };
      return;
    }
    const facts = typeof answered.facts === 'function' ? answered.facts() : answered.facts!;
    cache?.keep(rel, stamp, answered.hash, facts);
    results[i] = { facts, stamp };
  };
  const inWorkers = onDisk.length >= workersFrom;
  if (inWorkers) {
    const jobs: PageFactsJob[] = [];
    for (let k = 0; k < onDisk.length; k += JOB_SIZE) {
      const indexes = onDisk.slice(k, k + JOB_SIZE);
      jobs.push({
        indexes,
        documents: indexes.map((i) => {
          const { rel, page } = sources[i]!;
          const cachedHash = cache?.hashOf(rel);
          return { rel, page, ...(cachedHash ? { cachedHash } : {}) };
        }),
      });
    }
    await runInWorkers<PageFactsJob, CheckedInWorker[]>({
      workerFile,
      workerData: { root, schemasDir, hashes: cache !== undefined } satisfies PageFactsWorkerData,
      jobs,
      done: ({ indexes }, answers) => answers.forEach((answered, k) => answer(indexes[k]!, answered)),
    });
  }
  for (const i of pending) {
    if (results[i]) continue;
    const { rel, page, override } = sources[i]!;
    if (override !== undefined) {
      results[i] = { facts: checkDocument(rel, page, override, check), stamp: '' };
      continue;
    }
    let read: ReturnType<typeof readBytes>;
    try {
      read = readBytes(path.join(root, rel));
    } catch (error) {
      answer(i, { unreadable: (error as NodeJS.ErrnoException).code ?? 'error' });
      continue;
    }
    const { bytes, stamp } = read;
    // Decoded only when it is checked: the cache goes by the bytes.
    answer(i, { stamp, hash: cache ? hash('sha1', bytes) : '', facts: () => checkDocument(rel, page, bytes.toString('utf8'), check) });
  }
  return { facts: results as PageFacts[], inWorkers };
}
