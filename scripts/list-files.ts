/** Every file under a folder, for the build's walks (fingerprints, hashes, precompression). */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir`, at any depth, in a stable order; folders named in `skip` are left out; [] when `dir` is missing. */
export async function listFiles(dir: string, skip: ReadonlySet<string> = new Set()): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? (skip.has(e.name) ? [] : listFiles(path.join(dir, e.name), skip)) : [path.join(dir, e.name)])));
  return nested.flat();
}
