/**
 * Each document's facts (document.ts) from earlier runs, by file and a hash of its bytes, so that after one edit
 * only that document is parsed and checked against the schemas again; the checks across documents still run on
 * every document's facts. The facts depend on the bytes, the schemas, this folder's code and the JSON and schema
 * libraries: the cache is keyed by all of them and starts empty when any changes.
 */
import { hash } from 'node:crypto';
import { readdir, readFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DocumentFacts } from './document.ts';

/** Bumped when the file's layout changes. */
const format = 2;
const libraries = ['ajv', 'ajv-formats', 'jsonc-parser'];

/**
 * The file: a line with the key, then one line per document, `[file, hash, facts]`. A document that did not
 * change keeps its line as it was read, so writing the cache after one edit stringifies one document, not all.
 */
type Line = [file: string, hash: string, facts: DocumentFacts];

export interface ResultCache {
  /** The facts of the document's bytes from an earlier run, or `check`'s, kept for the next run. */
  factsOf(file: string, bytes: Buffer, check: () => DocumentFacts): DocumentFacts;
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

/** Everything besides a document's bytes that its facts depend on. */
async function cacheKey(schemasDir: string): Promise<string> {
  const parts: string[] = [`format ${format}`];
  const require = createRequire(import.meta.url);
  for (const name of libraries) {
    try {
      parts.push(`${name} ${(require(`${name}/package.json`) as { version: string }).version}`);
    } catch {
      parts.push(`${name} ?`);
    }
  }
  for (const [label, dir, accept] of [
    ['code', import.meta.dirname, (n: string) => n.endsWith('.ts')],
    ['schema', schemasDir, (n: string) => n.endsWith('.json')],
  ] as const) {
    const files = await filesUnder(dir, accept);
    const hashes = await Promise.all(files.map(async (rel) => hash('sha1', await readFile(path.join(dir, rel)))));
    files.forEach((rel, i) => parts.push(`${label} ${rel} ${hashes[i]}`));
  }
  return JSON.stringify({ key: hash('sha1', parts.join('\n')) });
}

/** The lines of a cache written under `key`, by file; none when there is no such cache. */
async function readLines(cacheFile: string, key: string): Promise<Map<string, { hash: string; facts: DocumentFacts; line: string }>> {
  const lines = new Map<string, { hash: string; facts: DocumentFacts; line: string }>();
  try {
    const [header, ...rest] = (await readFile(cacheFile, 'utf8')).split('\n');
    if (header !== key) return lines;
    for (const line of rest) {
      const [file, textHash, facts] = JSON.parse(line) as Line;
      lines.set(file, { hash: textHash, facts, line });
    }
  } catch {
    lines.clear(); // no cache yet, or a damaged one: every document is checked, and the cache written anew
  }
  return lines;
}

export async function openResultCache(cacheFile: string, schemasDir: string): Promise<ResultCache> {
  const key = await cacheKey(schemasDir);
  const previous = await readLines(cacheFile, key);
  const current: string[] = [];
  let hits = 0;
  let changed = false;
  return {
    factsOf(file, bytes, check) {
      const bytesHash = hash('sha1', bytes);
      const entry = previous.get(file);
      if (entry?.hash === bytesHash) {
        hits++;
        current.push(entry.line);
        return entry.facts;
      }
      changed = true;
      const facts = check();
      current.push(JSON.stringify([file, bytesHash, facts] satisfies Line));
      return facts;
    },
    get hits() {
      return hits;
    },
    async save() {
      if (!changed && current.length === previous.size) return;
      try {
        await mkdir(path.dirname(cacheFile), { recursive: true });
        // Written aside, then renamed: a run stopped halfway never leaves half a file.
        const aside = `${cacheFile}.${process.pid}.tmp`;
        await writeFile(aside, [key, ...current].join('\n'));
        await rename(aside, cacheFile);
      } catch {
        // The cache only saves time: without it the next run checks every document, with the same results.
      }
    },
  };
}
