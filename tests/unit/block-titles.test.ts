// @vitest-environment node
/** Every block type has a name and a line about it in an editor's words ("x-title", "x-summary"), for the editor's lists. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../schemas/blocks');

it('every block schema has a short title of its own and a one-sentence summary, in words, not code', async () => {
  const names = await readdir(dir);
  const blockFolders = await readdir(path.resolve(dir, '../../blocks'));
  expect(names).toHaveLength(blockFolders.length);
  const titles = new Map<string, string>();
  for (const name of names) {
    const schema = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as { 'x-title'?: unknown; 'x-summary'?: unknown };
    const [title, summary] = [schema['x-title'], schema['x-summary']];
    expect(title, name).toMatch(/^[A-Z][a-z]*( [a-z]+)*$/); // "Key figures": a capital, then plain lower-case words
    expect((title as string).length, name).toBeLessThanOrEqual(30);
    expect(titles.get(title as string), `${name}: the same title as ${titles.get(title as string)}`).toBeUndefined();
    titles.set(title as string, name);
    expect(summary, name).toMatch(/^[A-Z][^.]*\.$/); // one sentence
    expect((summary as string).length, name).toBeLessThanOrEqual(90);
    expect(summary, `${name}: a block type's name is code`).not.toMatch(/\b[a-z]+-[a-z]+\b/);
  }
});
