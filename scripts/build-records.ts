/**
 * What a build step keeps between builds, one text record per name (a page, a path, a file), in a file of lines
 * "name<TAB>record" under a first line, the key the records were made under: another key starts them empty.
 * The file is split into lines and nothing more: at 100,000 pages, parsing three whole JSON files of records into
 * objects took a second of a one-page rebuild, and as long again to collect their garbage. A build that changed a
 * few records appends their lines (the last line of a name counts; an empty record deletes it); the file is
 * rewritten whole when it would grow past half as long again as it needs to be.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeWhole } from './compressed-siblings.ts';

export interface BuildRecords {
  get(name: string): string | undefined;
  /** Sets a record; an unchanged one costs nothing to save. */
  set(name: string, record: string): void;
  delete(name: string): void;
  names(): IterableIterator<string>;
  records(): IterableIterator<string>;
  /** Writes what changed since it was opened (the whole file when that is shorter, or when the key changed). */
  save(): Promise<void>;
}

/**
 * The records kept under `key`; none when the file is missing, damaged or of another key. A build stopped while
 * appending leaves a last line without its newline: it is left out, and `lines` 0 has the file rewritten whole.
 */
function parseBuildRecords(text: string, key: string): { kept: Map<string, string>; lines: number } {
  const kept = new Map<string, string>();
  const end = text.lastIndexOf('\n');
  const lines = end < 0 ? [] : text.slice(0, end).split('\n');
  if (lines[0] !== key) return { kept, lines: 0 };
  if (end !== text.length - 1) return { kept: parseBuildRecords(text.slice(0, end + 1), key).kept, lines: 0 };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const record = line.slice(tab + 1);
    if (record) kept.set(line.slice(0, tab), record);
    else kept.delete(line.slice(0, tab));
  }
  return { kept, lines: lines.length - 1 };
}

/** `fresh`: start empty whatever the file holds (a build that makes every output again). */
export async function openBuildRecords(file: string, key: string, { fresh = false } = {}): Promise<BuildRecords> {
  if (key.includes('\n')) throw new Error(`A build records key holds a line break: ${JSON.stringify(key)}`);
  const { kept, lines } = fresh ? { kept: new Map<string, string>(), lines: 0 } : parseBuildRecords(await readFile(file, 'utf8').catch(() => ''), key);
  const changed = new Map<string, string>();
  const forget = (name: string) => {
    if (kept.delete(name)) changed.set(name, '');
  };
  return {
    get: (name) => kept.get(name),
    set(name, record) {
      // A name or record a line cannot hold (a file name with a tab) is not kept: its step does it again next time.
      if (!record || /[\t\n]/.test(name) || record.includes('\n')) return forget(name);
      if (kept.get(name) === record) return;
      kept.set(name, record);
      changed.set(name, record);
    },
    delete: forget,
    names: () => kept.keys(),
    records: () => kept.values(),
    async save() {
      if (lines > 0 && changed.size === 0) return;
      await mkdir(path.dirname(file), { recursive: true });
      const linesOf = (entries: Iterable<[string, string]>) => [...entries].map(([name, record]) => `${name}\t${record}\n`).join('');
      if (lines > 0 && lines + changed.size <= 1.5 * kept.size) {
        await appendFile(file, linesOf(changed));
        return;
      }
      // A build stopped halfway never leaves half a file.
      await writeWhole(file, `${key}\n${linesOf(kept)}`);
    },
  };
}
