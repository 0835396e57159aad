/**
 * Write .br and .gz next to every compressible file, so the server never compresses on the fly.
 * Every output is also kept in the build cache under the content's hash: a file whose content was compressed
 * by an earlier build is copied from there, not compressed again (compressed-siblings.ts). The prerendered pages
 * get theirs from the prerender's workers (`done`); this step does the rest, one file per core at a time (each
 * runs brotli and gzip on the zlib thread pool), so memory stays flat whatever the number of files.
 */
import { access, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { COMPRESSIBLE_EXTENSIONS } from '../src/model/dist-layout.ts';
import { listFiles } from './list-files.ts';
import { compressedKey, writeSiblings } from './compressed-siblings.ts';
import { openBuildRecords } from './build-records.ts';

/**
 * Brotli quality, measured on this site (npm run bench -- --scale): on prerendered HTML, quality 5 is 93% of
 * gzip's size in 1.3 ms a page, 9 is no smaller at 20 times the time, 10 is 83% at 27 ms and 11 is 81% at 72 ms;
 * on the shared assets 11 is 84% and 5 is 93%. Files of one page (HTML, page-document chunks) grow with the
 * site, so they get 5; the files every page shares are few and cached for a year, so they get 11.
 */
export const BROTLI_QUALITY = { pageFile: 5, sharedFile: 11 } as const;

export interface PrecompressOptions {
  /** Where compressed outputs are kept by content hash, between builds. */
  cacheDir: string;
  /** True for files that belong to one page (compressed faster, see BROTLI_QUALITY). */
  isPageFile: (file: string) => boolean;
  /** Only these files changed since the last build (an incremental build); every file of distDir without it. */
  changed?: string[];
  /** Files whose siblings are made already (the prerender's pages), by path from distDir → their cache key: only recorded. */
  done?: ReadonlyMap<string, string>;
}

export interface PrecompressResult {
  files: number;
  /** Files compressed now; the others came from the cache. */
  compressed: number;
}

/** Run `task` on every item, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The records of which key each file's siblings were made from (build-records.ts), in the cache folder. */
const INDEX = 'index.txt';

export async function precompress(distDir: string, { cacheDir, isPageFile, changed, done = new Map() }: PrecompressOptions): Promise<PrecompressResult> {
  const compressible = (f: string) => COMPRESSIBLE_EXTENSIONS.has(path.extname(f)) && !f.includes(`${path.sep}.vite${path.sep}`) && !done.has(path.relative(distDir, f));
  const files = (changed ?? listFiles(distDir)).filter(compressible);
  await mkdir(cacheDir, { recursive: true });
  // Which key each file's siblings were made from, by the last build: a file that still has them is done. A full
  // build starts the records afresh; an incremental one keeps those of the files it did not touch.
  const index = await openBuildRecords(path.join(cacheDir, INDEX), 'compressed siblings', { fresh: !changed });
  const previous = new Map<string, string | undefined>();
  const replaced = (relative: string, key: string) => {
    if (!previous.has(relative)) previous.set(relative, index.get(relative));
    index.set(relative, key);
  };
  for (const [relative, key] of done) replaced(relative, key);
  let compressed = 0;
  await eachLimited(files, availableParallelism(), async (file) => {
    const data = await readFile(file);
    const quality = isPageFile(file) ? BROTLI_QUALITY.pageFile : BROTLI_QUALITY.sharedFile;
    // The quality is part of the key: changing it compresses again.
    const key = compressedKey(data, quality);
    const relative = path.relative(distDir, file);
    const before = changed ? index.get(relative) : undefined;
    replaced(relative, key);
    const siblingsExist = () =>
      Promise.all([access(`${file}.br`), access(`${file}.gz`), access(path.join(cacheDir, `${key}.br`)), access(path.join(cacheDir, `${key}.gz`))]).then(
        () => true,
        () => false,
      );
    if (before === key && (await siblingsExist())) return;
    if ((await writeSiblings(file, data, quality, cacheDir, undefined, key)).compressed) compressed++;
  });
  // Keep only what this build uses, so the cache does not grow with every edit. A full build lists the cache and
  // keeps what its records name; an incremental one removes the outputs of the files it touched that their new
  // content no longer uses (listing 200,000 outputs took a third of a second). Outputs are kept by content, and
  // pages never share theirs: another file of the same content would only be compressed again when it changes.
  const siblingsOf = (keys: Iterable<string | undefined>) => [...keys].flatMap((key) => (key ? [`${key}.br`, `${key}.gz`] : []));
  const used = new Set(siblingsOf(changed ? [...previous.keys()].map((relative) => index.get(relative)) : index.records()));
  const unused = changed ? siblingsOf(previous.values()) : (await readdir(cacheDir)).filter((name) => name !== INDEX);
  await Promise.all(unused.filter((name) => !used.has(name)).map((name) => rm(path.join(cacheDir, name), { force: true })));
  await index.save();
  return { files: files.length, compressed };
}
