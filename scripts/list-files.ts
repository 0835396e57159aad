/** Every file under a folder, for the build's walks (fingerprints, hashes, precompression). */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Every file under `dir`, at any depth, in a stable order (each folder's entries by name, depth first); folders
 * named in `skip` are left out; [] when `dir` is missing. One walk with the file system's answers at once: over
 * dist/ at 100,000 pages, a promise per folder held every level's lists until the last answered (hundreds of MB).
 */
export function listFiles(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return; // missing, or gone meanwhile
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (!entry.isDirectory()) files.push(full);
      else if (!skip.has(entry.name)) walk(full);
    }
  };
  walk(dir);
  return files;
}
