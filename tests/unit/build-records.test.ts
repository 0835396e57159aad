// @vitest-environment node
/** The build's records (scripts/build-records.ts): kept by key, appended after a few changes, whole after a torn write. */
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openBuildRecords } from '../../scripts/build-records.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function recordsFile() {
  dir = await mkdtemp(path.join(tmpdir(), 'build-records-'));
  return path.join(dir, 'records.txt');
}

describe('build records', () => {
  it('keeps records under their key, appends a few changes and deletions, and starts empty under another key', async () => {
    const file = await recordsFile();
    const first = await openBuildRecords(file, 'key 1');
    for (let i = 0; i < 10; i++) first.set(`page-${i}`, `hash ${i}\tdist/page-${i}/index.html\t`);
    await first.save();
    const second = await openBuildRecords(file, 'key 1');
    expect(second.get('page-3')).toBe('hash 3\tdist/page-3/index.html\t');
    second.set('page-3', 'hash 3b\tdist/page-3/index.html\t');
    second.delete('page-4');
    await second.save();
    expect((await readFile(file, 'utf8')).split('\n')).toHaveLength(1 + 10 + 2 + 1); // two lines appended
    const third = await openBuildRecords(file, 'key 1');
    expect([third.get('page-3'), third.get('page-4'), [...third.names()].length]).toEqual(['hash 3b\tdist/page-3/index.html\t', undefined, 9]);
    expect([...(await openBuildRecords(file, 'key 2')).names()]).toEqual([]);
  });

  it('leaves out a line a stopped build did not finish, and writes the file whole next time', async () => {
    const file = await recordsFile();
    const records = await openBuildRecords(file, 'key');
    records.set('a', 'one');
    records.set('b', 'two');
    await records.save();
    await appendFile(file, 'c\tthr'); // cut short: no newline
    const after = await openBuildRecords(file, 'key');
    expect([after.get('a'), after.get('c')]).toEqual(['one', undefined]);
    after.set('d', 'four');
    await after.save();
    expect(await readFile(file, 'utf8')).toBe('key\na\tone\nb\ttwo\nd\tfour\n');
  });

  it('keeps no record under a name a line cannot hold', async () => {
    const file = await recordsFile();
    const records = await openBuildRecords(file, 'key');
    records.set('odd\tname', 'x');
    records.set('fine', 'y');
    await records.save();
    expect([...(await openBuildRecords(file, 'key')).names()]).toEqual(['fine']);
  });
});
