// @vitest-environment node
/**
 * The real content's migrations (migrations/<type>/<N>.ts), run by `npm run migrate` on a copy of the project:
 * the card vocabulary and the decorative pictures carry the old card fields and empty alts to the committed
 * content byte for byte. npm run migrate itself is tested on a small site of its own (migrate.test.ts).
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { blockEntries } from '../../scripts/content-check/block-entries.ts';
import { applyChanges, diffValues } from '../../scripts/migrate/props-edits.ts';
import { contentFiles, migrate } from './fixtures/migrate-site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((dispose) => dispose()));
});

describe("the real content's migrations: the card vocabulary (version 2) and the decorative pictures (approach-cards 3, sector-slider 3, testimonials 2)", () => {
  /** The fields the card blocks' items had before version 2, by block type and list. */
  const oldFields: Record<string, { list: string; renames: Record<string, string> }> = {
    'approach-cards': { list: 'items', renames: { heading: 'title', subheading: 'text' } },
    'choose-us-cards': { list: 'items', renames: { head: 'title', content: 'text' } },
    'revolve-cards': { list: 'items', renames: { description: 'text' } },
    'sector-slider': { list: 'items', renames: { description: 'text' } },
    'smart-content': { list: 'items', renames: { heading: 'title', content: 'text' } },
    'smart-solutions': { list: 'items', renames: { content: 'text' } },
    'solutions-tabs': { list: 'items', renames: { content: 'text' } },
    'open-positions': { list: 'positions', renames: { positionName: 'title', description: 'text' } },
  };

  /** The real project in a temporary folder (what migrate writes, and what TypeScript checks after it); node_modules and public/ linked. */
  async function copyRealSite(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'migrate-real-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const project = ['pages', 'pages.json', 'schemas', 'migrations', 'content-versions.json', 'scripts', 'src', 'blocks', 'server', 'tests', 'docs', 'tsconfig.json', 'vite.config.ts', 'vitest.config.ts'];
    for (const rel of project) await cp(path.join(root, rel), path.join(dir, rel), { recursive: true });
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    await symlink(path.join(root, 'public'), path.join(dir, 'public'), 'dir');
    return dir;
  }

  it('turn content with the old field names and the empty alts into the committed content, byte for byte', async () => {
    const dir = await copyRealSite();
    const committed = await contentFiles(dir);
    // Write the old names and the empty alts back, in place, as the content was before these versions.
    let renamedBack = 0;
    let unmarked = 0;
    for (const [file, committedText] of committed) {
      const text = committedText.replaceAll('"decorative": true', '"alt": ""');
      unmarked += text.split('"alt": ""').length - committedText.split('"alt": ""').length;
      const value = JSON.parse(text) as unknown;
      const changes = blockEntries(value, file === 'pages.json').flatMap((block) => {
        const old = oldFields[block.type];
        if (!old) return [];
        const props = block.props as Record<string, Array<Record<string, unknown>>>;
        const items = props[old.list]!.map((item) => Object.fromEntries(Object.entries(item).map(([key, v]) => [Object.entries(old.renames).find(([, to]) => to === key)?.[0] ?? key, v])));
        return diffValues(parseTree(text)!, [...block.path, 'props'], props, { ...props, [old.list]: items });
      });
      renamedBack += changes.length;
      if (text !== committedText || changes.length > 0) await writeFile(path.join(dir, file), applyChanges(text, changes));
    }
    expect(renamedBack).toBeGreaterThan(0);
    expect(unmarked).toBeGreaterThan(50);
    // Only these types go back (the cards to version 1, testimonials to 1): other types' migrations are not this test's business.
    const versionsFile = path.join(dir, 'content-versions.json');
    const versions = JSON.parse(await readFile(versionsFile, 'utf8')) as Record<string, number>;
    for (const type of [...Object.keys(oldFields), 'testimonials']) delete versions[type];
    await writeFile(versionsFile, `${JSON.stringify(versions, null, 2)}\n`);

    const result = migrate(dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(await contentFiles(dir)).toEqual(committed);
    expect(await readFile(versionsFile, 'utf8')).toBe(await readFile(path.join(root, 'content-versions.json'), 'utf8'));
  }, 240_000);
});
