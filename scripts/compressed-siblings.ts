/**
 * The .br and .gz siblings of one file, through the build cache of compressed outputs (kept by content hash):
 * used by the prerender's workers for each page they write, and by precompress.ts for every other file.
 * Every file is written under a temporary name and renamed into place, so neither dist/ nor the cache ever
 * holds half a file, even when a build is stopped while it writes.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { threadId } from 'node:worker_threads';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

/** How the files are written and compressed: on libuv's thread pool, or in the calling thread. */
export interface SiblingWork {
  write(file: string, data: string | Uint8Array): Promise<void> | void;
  copy(from: string, to: string): Promise<void> | void;
  rename(from: string, to: string): Promise<void> | void;
  remove(file: string): Promise<void> | void;
  brotli(data: Uint8Array, options: BrotliOptions): Promise<Uint8Array> | Uint8Array;
  gzip(data: Uint8Array): Promise<Uint8Array> | Uint8Array;
}

/** On the thread pool: for the main thread, which compresses a few files at a time (precompress.ts). */
export const onThreadPool: SiblingWork = {
  write: (file, data) => writeFile(file, data),
  copy: (from, to) => copyFile(from, to),
  rename: (from, to) => rename(from, to),
  remove: (file) => rm(file, { force: true }),
  brotli: promisify(brotliCompress),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/**
 * In the calling thread: for a prerender worker, which is one core's lane of work. Through the thread pool
 * (four threads for the whole process), each page's score of file operations queued behind the other
 * worker's compressions, and the workers sat waiting on a loaded machine.
 */
export const inThisThread: SiblingWork = {
  write: (file, data) => writeFileSync(file, data),
  copy: (from, to) => copyFileSync(from, to),
  rename: (from, to) => renameSync(from, to),
  remove: (file) => rmSync(file, { force: true }),
  brotli: (data, options) => brotliCompressSync(data, options),
  gzip: (data) => gzipSync(data, { level: 9 }),
};

/** The temporary name a file is written under before it is renamed into place (one per thread and process, so two writers never share one). */
export const writingName = (file: string, thread: number = threadId) => `${file}.${process.pid}-${thread}.writing`;

/** Write a whole file or, when anything fails, nothing; `from` copies that file instead of writing `data`. */
export async function writeWhole(file: string, data: string | Uint8Array | { from: string }, work: SiblingWork = onThreadPool): Promise<void> {
  const writing = writingName(file);
  try {
    await (typeof data === 'object' && 'from' in data ? work.copy(data.from, writing) : work.write(writing, data));
    await work.rename(writing, file);
  } catch (error) {
    await work.remove(writing);
    throw error;
  }
}

/** The cache's name for a file's compressed outputs: its content and the brotli quality (changing it compresses again). */
export const compressedKey = (data: Uint8Array, quality: number) => `${createHash('sha256').update(data).digest('hex').slice(0, 32)}-q${quality}`;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Give `file` (whose content is `data`) its .br and .gz siblings: copied from the cache when an earlier build
 * compressed the same content, compressed now otherwise (brotli at `quality`, gzip at 9). `compressed` says which.
 * `key`: the content's compressedKey, when the caller has it already.
 */
export async function writeSiblings(file: string, data: Uint8Array, quality: number, cacheDir: string, work: SiblingWork = onThreadPool, key = compressedKey(data, quality)): Promise<{ key: string; compressed: boolean }> {
  const [brCached, gzCached] = [path.join(cacheDir, `${key}.br`), path.join(cacheDir, `${key}.gz`)];
  // Both copies settle before anything else is written under their temporary names.
  const copies = await Promise.allSettled([writeWhole(`${file}.br`, { from: brCached }, work), writeWhole(`${file}.gz`, { from: gzCached }, work)]);
  const failures = copies.flatMap((c) => (c.status === 'rejected' ? [c.reason as unknown] : []));
  if (failures.length === 0) return { key, compressed: false };
  const unexpected = failures.find((error) => !isMissing(error));
  if (unexpected) throw unexpected;
  const [br, gzipped] = await Promise.all([work.brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }), work.gzip(data)]);
  await Promise.all([writeWhole(brCached, br, work), writeWhole(gzCached, gzipped, work), writeWhole(`${file}.br`, br, work), writeWhole(`${file}.gz`, gzipped, work)]);
  return { key, compressed: true };
}
