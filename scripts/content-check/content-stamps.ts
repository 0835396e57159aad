/**
 * What the content check reads, as stamps (size, times and inode of each file): two sets of stamps taken around a
 * check say which files changed while it ran. The dev server's file watcher drops a second change of a file within
 * a few milliseconds of the first (a git checkout creates a file, then writes it), so it cannot say so itself.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export type ContentStamps = Map<string, string>;

export type StampChange = { file: string; event: 'add' | 'change' | 'unlink' };

/** pages.json, content-versions.json, pages/*.json and schemas/**\/*.json, by repository-relative path. */
export async function contentStamps(root: string): Promise<ContentStamps> {
  const list = async (dir: string, recursive: boolean) => (await readdir(path.join(root, dir), { recursive }).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).map((name) => `${dir}/${name.split(path.sep).join('/')}`);
  const files = ['pages.json', 'content-versions.json', ...(await list('pages', false)), ...(await list('schemas', true))];
  const stamps: ContentStamps = new Map();
  await Promise.all(
    files.map(async (rel) => {
      const found = await stat(path.join(root, rel)).catch(() => null);
      if (found) stamps.set(rel, `${found.size} ${found.mtimeMs} ${found.ctimeMs} ${found.ino}`);
    }),
  );
  return stamps;
}

/** The files added, changed or removed between two sets of stamps, as the watcher would have named them. */
export function stampChanges(before: ContentStamps, after: ContentStamps): StampChange[] {
  const changes: StampChange[] = [];
  for (const [file, stamp] of after) {
    const earlier = before.get(file);
    if (earlier === undefined) changes.push({ file, event: 'add' });
    else if (earlier !== stamp) changes.push({ file, event: 'change' });
  }
  for (const file of before.keys()) if (!after.has(file)) changes.push({ file, event: 'unlink' });
  return changes;
}
