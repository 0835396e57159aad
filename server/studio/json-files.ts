/**
 * The studio's JSON files under DATA_DIR: read whole, and replaced whole by writing a temporary file, syncing it
 * and renaming it over the old one, so a crash leaves the old file or the new one, never half of one.
 */
import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { writeDurably } from '../durable-write.ts';

/** The file's value, or `empty` when it does not exist. */
export async function readJson<T>(file: string, empty: T): Promise<T> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty;
    throw new Error(`${file} could not be read (${(error as Error).message}). Restore it from a backup of DATA_DIR, or remove it to start again without it.`);
  }
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeDurably(temporary, `${JSON.stringify(value, null, 2)}\n`);
  await rename(temporary, file);
}

/** Runs changes one after another (in this process), so two never read the same old value. */
export function serially() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work);
    last = next.catch(() => undefined);
    return next;
  };
}

/**
 * A JSON file of records kept one per page (by `file`): the scheduled publishes, the reviews. Read whole; every
 * change runs after the last (`change` may also answer something, such as the schedule it claimed).
 */
export function pageRecords<T extends { file: string }>(jsonFile: string) {
  const queue = serially();
  const all = () => readJson<T[]>(jsonFile, []);
  const change = <R>(update: (list: T[]) => { list: T[]; result: R }) =>
    queue(async () => {
      const { list, result } = update(await all());
      await writeJson(jsonFile, list);
      return result;
    });
  return {
    all,
    change,
    get: async (page: string) => (await all()).find((r) => r.file === page),
    /** Adds or replaces the page's record. */
    save: (record: T) => change((list) => ({ list: [...list.filter((r) => r.file !== record.file), record], result: undefined })),
    remove: (page: string) => change((list) => ({ list: list.filter((r) => r.file !== page), result: undefined })),
  };
}
