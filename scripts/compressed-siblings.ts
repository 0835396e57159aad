/**
 * The .br and .gz siblings of one file, through the build cache of compressed outputs (kept by content hash):
 * used by the prerender's workers for each page they write, and by precompress.ts for every other file.
 * Every file is written under a temporary name and renamed into place, so neither dist/ nor the cache ever
 * holds half a file, even when a build is stopped while it writes.
 */
import { createHash } from 'node:crypto';
import { copyFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { threadId } from 'node:worker_threads';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The temporary name a file is written under before it is renamed into place (one per thread and process, so two writers never share one). */
export const writingName = (file: string, thread: number = threadId) => `${file}.${process.pid}-${thread}.writing`;

/** Write a whole file or, when anything fails, nothing. */
export async function writeWhole(file: string, data: string | Uint8Array): Promise<void> {
  const writing = writingName(file);
  try {
    await writeFile(writing, data);
    await rename(writing, file);
  } catch (error) {
    await rm(writing, { force: true });
    throw error;
  }
}

async function copyWhole(from: string, to: string): Promise<void> {
  const writing = writingName(to);
  try {
    await copyFile(from, writing);
    await rename(writing, to);
  } catch (error) {
    await rm(writing, { force: true });
    throw error;
  }
}

/** The cache's name for a file's compressed outputs: its content and the brotli quality (changing it compresses again). */
export const compressedKey = (data: Uint8Array, quality: number) => `${createHash('sha256').update(data).digest('hex').slice(0, 32)}-q${quality}`;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Give `file` (whose content is `data`) its .br and .gz siblings: copied from the cache when an earlier build
 * compressed the same content, compressed now otherwise (brotli at `quality`, gzip at 9). `compressed` says which.
 */
export async function writeSiblings(file: string, data: Uint8Array, quality: number, cacheDir: string): Promise<{ key: string; compressed: boolean }> {
  const key = compressedKey(data, quality);
  const [brCached, gzCached] = [path.join(cacheDir, `${key}.br`), path.join(cacheDir, `${key}.gz`)];
  // Both copies settle before anything else is written under their temporary names.
  const copies = await Promise.allSettled([copyWhole(brCached, `${file}.br`), copyWhole(gzCached, `${file}.gz`)]);
  const failures = copies.flatMap((c) => (c.status === 'rejected' ? [c.reason as unknown] : []));
  if (failures.length === 0) return { key, compressed: false };
  const unexpected = failures.find((error) => !isMissing(error));
  if (unexpected) throw unexpected;
  const [br, gzipped] = await Promise.all([brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }), gz(data, { level: 9 })]);
  await Promise.all([writeWhole(brCached, br), writeWhole(gzCached, gzipped), writeWhole(`${file}.br`, br), writeWhole(`${file}.gz`, gzipped)]);
  return { key, compressed: true };
}
