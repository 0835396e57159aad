/**
 * Each document's facts (document.ts) from earlier runs, by file, its stamp and a hash of its bytes, so that after
 * one edit only that document is read, parsed and checked against the schemas again; the checks across documents still run on
 * every document's facts. The facts depend on the bytes, the schemas, this folder's code and the JSON and schema
 * libraries: the cache is keyed by all of them and starts empty when any changes.
 */
import { hash } from 'node:crypto';
import { access, appendFile, open, readdir, readFile, mkdir, rename } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DocumentFacts } from './document.ts';

/** Bumped when the file's layout changes. */
const format = 4;
const libraries = ['ajv', 'ajv-formats', 'jsonc-parser'];

/**
 * The file: a line with the key, then one line per document, `[file, stamp, hash, facts]`. A document that did
 * not change keeps its line as it was read, so writing the cache after one edit stringifies one document, not all
 * (and adds its line, save() says when).
 * The stamp (read-bytes.ts) says the file was not written since, without reading it; the hash of its bytes says its
 * text is the same when the stamp changed alone (a checkout, a touch).
 */
type Line = [file: string, stamp: string, hash: string, facts: DocumentFacts];

export interface ResultCache {
  /** The facts kept for the file when it has the same stamp, or the same bytes (by `hash`), as then; counted as a hit. */
  reuse(file: string, stamp: string, hash?: string): DocumentFacts | undefined;
  /** The hash of the bytes whose facts are kept for the file. */
  hashOf(file: string): string | undefined;
  /** Keeps the facts of a document checked now, for the next run. */
  keep(file: string, stamp: string, hash: string, facts: DocumentFacts): void;
  /** How many documents came from the cache this run. */
  readonly hits: number;
  /** Writes the facts of this run's documents (and only those: a deleted page leaves the cache). */
  save(): Promise<void>;
}

async function filesUnder(dir: string, accept: (name: string) => boolean, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(dir, accept, path.posix.join(prefix, e.name)) : Promise.resolve(accept(e.name) ? [path.posix.join(prefix, e.name)] : []))));
  return nested.flat().sort();
}

/**
 * Everything besides a document's bytes that its facts depend on: this folder's code, the schemas, the libraries;
 * `moreCode` adds folders of TypeScript (site-index.ts: the route matching and link rules the checks across documents use).
 */
export async function cacheKey(schemasDir: string, moreCode: readonly string[] = []): Promise<string> {
  const parts: string[] = [`format ${format}`];
  const require = createRequire(import.meta.url);
  for (const name of libraries) {
    try {
      parts.push(`${name} ${(require(`${name}/package.json`) as { version: string }).version}`);
    } catch {
      parts.push(`${name} ?`);
    }
  }
  const isCode = (n: string) => n.endsWith('.ts');
  for (const [label, dir, accept] of [['code', import.meta.dirname, isCode], ...moreCode.map((d) => [`code ${d}`, d, isCode] as const), ['schema', schemasDir, (n: string) => n.endsWith('.json')]] as const) {
    const files = await filesUnder(dir, accept);
    const hashes = await Promise.all(files.map(async (rel) => hash('sha1', await readFile(path.join(dir, rel)))));
    files.forEach((rel, i) => parts.push(`${label} ${rel} ${hashes[i]}`));
  }
  return JSON.stringify({ key: hash('sha1', parts.join('\n')) });
}

interface Entry {
  stamp: string;
  hash: string;
  facts: DocumentFacts;
  line: string;
}

/** The lines of a cache written under `key`, by file (a later line of a file replaces an earlier one), and how many lines it has; none when there is no such cache. */
async function readLines(cacheFile: string, key: string): Promise<{ entries: Map<string, Entry>; lines: number }> {
  const entries = new Map<string, Entry>();
  try {
    const [header, ...rest] = (await readFile(cacheFile, 'utf8')).split('\n');
    if (header !== key) return { entries, lines: 0 };
    for (const line of rest) {
      if (!line) continue; // the end of the last line appended
      const [file, stamp, textHash, facts] = JSON.parse(line) as Line;
      entries.set(file, { stamp, hash: textHash, facts, line });
    }
    return { entries, lines: rest.length };
  } catch {
    return { entries: new Map(), lines: 0 }; // no cache yet, or a damaged one: every document is checked, and the cache written anew
  }
}

/**
 * Adds the facts of documents checked without opening the cache (a run after edits, recheck.ts) to its end, as
 * save() would: the next full check finds them. Nothing when there is no cache file yet.
 */
export async function appendToResultCache(cacheFile: string, checked: ReadonlyArray<{ file: string; stamp: string; hash: string; facts: DocumentFacts }>): Promise<void> {
  if (checked.length === 0) return;
  const lines = checked.map(({ file, stamp, hash: textHash, facts }) => JSON.stringify([file, stamp, textHash, facts] satisfies Line));
  try {
    await access(cacheFile);
    await appendFile(cacheFile, `\n${lines.join('\n')}`);
  } catch {
    // No cache yet, or it cannot be written: the next full check checks these documents again, with the same results.
  }
}

export async function openResultCache(cacheFile: string, schemasDir: string): Promise<ResultCache> {
  const key = await cacheKey(schemasDir);
  const { entries: previous, lines } = await readLines(cacheFile, key);
  /** Every line this run's documents have, and the ones that differ from the file's. */
  const current: string[] = [];
  const fresh: string[] = [];
  let hits = 0;
  const add = (line: string) => {
    current.push(line);
    fresh.push(line);
  };
  return {
    reuse(file, stamp, textHash) {
      const entry = previous.get(file);
      if (!entry || (entry.stamp !== stamp && entry.hash !== textHash)) return undefined;
      hits++;
      if (entry.stamp === stamp) current.push(entry.line);
      else add(JSON.stringify([file, stamp, entry.hash, entry.facts] satisfies Line));
      return entry.facts;
    },
    hashOf: (file) => previous.get(file)?.hash,
    keep(file, stamp, textHash, facts) {
      add(JSON.stringify([file, stamp, textHash, facts] satisfies Line));
    },
    get hits() {
      return hits;
    },
    async save() {
      // A few documents changed: their lines are added at the end, and the next run reads the last line of each
      // file (rewriting the whole file took a second of a one-page rebuild at 100,000 pages). Rewritten whole
      // when replaced lines (edits, deleted pages) would make it half as long again as it needs to be.
      const appendable = lines > 0 && lines + fresh.length <= 1.5 * current.length;
      if (fresh.length === 0 && (appendable || current.length === previous.size)) return;
      try {
        if (appendable) {
          await appendFile(cacheFile, `\n${fresh.join('\n')}`);
          return;
        }
        await mkdir(path.dirname(cacheFile), { recursive: true });
        // Written aside, then renamed: a run stopped halfway never leaves half a file. In pieces: joined whole, the
        // lines of 100,000 pages made a string of 130 MB beside them.
        const aside = `${cacheFile}.${process.pid}.tmp`;
        const file = await open(aside, 'w');
        try {
          await file.write(key);
          for (let i = 0; i < current.length; i += 1000) await file.write(`\n${current.slice(i, i + 1000).join('\n')}`);
        } finally {
          await file.close();
        }
        await rename(aside, cacheFile);
      } catch {
        // The cache only saves time: without it the next run checks every document, with the same results.
      }
    },
  };
}
