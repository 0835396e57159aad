// @vitest-environment node
/**
 * npm run migrate, end to end in temporary copies of the content (never the real files): a prop renamed across
 * the site edits exactly the lines of that prop; a dry run and a second run write nothing; a migration that
 * throws or gives props its schema refuses writes nothing; validate fails while content is behind; the card
 * vocabulary migrations carry the old card fields, and the decorative picture migrations the empty alts, to the
 * committed content byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { blockEntries } from '../../scripts/content-check/block-entries.ts';
import { blockTypeAtFor } from '../../scripts/content-check/document.ts';
import { describePath, formatIssue } from '../../scripts/content-check/issue.ts';
import { parseJsonWithPositions, positionAt } from '../../scripts/content-check/json-positions.ts';
import { validateContent } from '../../scripts/content-check/validate-content.ts';
import { applyChanges, diffValues } from '../../scripts/migrate/props-edits.ts';

const root = path.resolve(import.meta.dirname, '../..');
const copies: string[] = [];
afterEach(async () => {
  await Promise.all(copies.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The content, schemas, migrations and tools (with the form rules the link check shares) in a temporary folder; node_modules and public/ linked. */
async function copySite(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrate-'));
  copies.push(dir);
  for (const rel of ['pages', 'pages.json', 'schemas', 'migrations', 'content-versions.json', 'scripts', 'src/features/enquiry', 'src/model']) await cp(path.join(root, rel), path.join(dir, rel), { recursive: true });
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await symlink(path.join(root, 'public'), path.join(dir, 'public'), 'dir');
  return dir;
}

const migrate = (cwd: string, ...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts', ...args], { cwd, encoding: 'utf8', timeout: 60_000 });

/** page-hero version 2: "eyebrow" is called "kicker" in the schema, and migrations/page-hero/2.ts says how to get there. */
async function bumpPageHero(dir: string, migration: string): Promise<void> {
  const schemaFile = path.join(dir, 'schemas/blocks/page-hero.schema.json');
  const schema = (await readFile(schemaFile, 'utf8')).replaceAll('"eyebrow"', '"kicker"').replace(/\n {2}"type": "object",/, '\n  "x-version": 2,\n  "type": "object",');
  expect(schema).toContain('"x-version": 2');
  await writeFile(schemaFile, schema);
  await mkdir(path.join(dir, 'migrations/page-hero'), { recursive: true });
  await writeFile(path.join(dir, 'migrations/page-hero/2.ts'), migration);
}

const renameEyebrow = `/** Version 2: "eyebrow" becomes "kicker". */
export default function migrate(props: Record<string, unknown>): Record<string, unknown> {
  const { eyebrow, ...rest } = props;
  return eyebrow === undefined ? props : { kicker: eyebrow, ...rest };
}
`;

/** Every content file: pages.json and pages/*.json, by repository-relative path. */
async function contentFiles(dir: string): Promise<Map<string, string>> {
  const names = (await readdir(path.join(dir, 'pages'))).filter((n) => n.endsWith('.json')).sort();
  const files = ['pages.json', ...names.map((n) => `pages/${n}`)];
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f), 'utf8')] as const)));
}

/** Every file that migrate could write, or leave behind, with its text. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = await contentFiles(dir);
  const rootNames = (await readdir(dir)).filter((n) => n !== 'node_modules' && n !== 'public' && n !== 'scripts' && n !== 'src');
  for (const name of rootNames) if (!files.has(name) && name.endsWith('.json')) files.set(name, await readFile(path.join(dir, name), 'utf8'));
  for (const name of await readdir(path.join(dir, 'pages'))) if (!name.endsWith('.json')) files.set(`pages/${name}`, 'left behind');
  for (const name of rootNames) if (!name.endsWith('.json') && !['pages', 'schemas', 'migrations'].includes(name)) files.set(name, 'left behind');
  return files;
}

/** Where each page-hero block with an eyebrow is: file, the line of its "eyebrow", and the line migrate reports. */
async function pageHeroEyebrows(dir: string): Promise<Array<{ file: string; line: number; report: string }>> {
  const found: Array<{ file: string; line: number; report: string }> = [];
  for (const [file, text] of await contentFiles(dir)) {
    const parsed = parseJsonWithPositions(text);
    for (const block of blockEntries(parsed.value, file === 'pages.json')) {
      if (block.type !== 'page-hero' || (block.props as { eyebrow?: unknown }).eyebrow === undefined) continue;
      const { line } = positionAt(parsed, [...block.path, 'props'], 'eyebrow');
      const where = describePath([...block.path, 'props', 'eyebrow'], blockTypeAtFor(parsed.value, file === 'pages.json'));
      found.push({ file, line, report: `${file}:${line}  ${where}: renamed to "kicker"` });
    }
  }
  return found;
}

describe('npm run migrate', () => {
  it('renames a prop of page-hero across the site, editing only the lines with that prop, and records the version', async () => {
    const dir = await copySite();
    await bumpPageHero(dir, renameEyebrow);
    const before = await contentFiles(dir);
    const expected = await pageHeroEyebrows(dir);
    expect(expected.length).toBeGreaterThan(10); // the real site has many

    const result = migrate(dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    for (const e of expected) expect(result.stdout).toContain(`${e.report}\n`);
    expect(result.stdout).toContain(`page-hero 1 → 2 (${expected.length} blocks in`);

    const after = await contentFiles(dir);
    const changedLines: string[] = [];
    for (const [file, oldText] of before) {
      const oldLines = oldText.split('\n');
      const newLines = after.get(file)!.split('\n');
      expect(newLines.length, file).toBe(oldLines.length);
      oldLines.forEach((line, i) => {
        if (line === newLines[i]) return;
        changedLines.push(`${file}:${i + 1}`);
        expect(line, `${file}:${i + 1}`).toContain('"eyebrow": ');
        expect(newLines[i], `${file}:${i + 1}`).toBe(line.replace('"eyebrow": ', '"kicker": '));
      });
    }
    expect(changedLines).toEqual(expected.map((e) => `${e.file}:${e.line}`));
    // Other blocks with an "eyebrow" (hero, the cards) keep theirs.
    expect([...after.values()].some((text) => text.includes('"eyebrow"'))).toBe(true);
    expect(JSON.parse(await readFile(path.join(dir, 'content-versions.json'), 'utf8'))).toMatchObject({ 'page-hero': 2, 'approach-cards': 3 });

    const report = await validateContent({ root: dir });
    expect(report.issues.filter((i) => i.severity === 'error').map(formatIssue)).toEqual([]);
  }, 60_000);

  it("migrates the schema's own examples too, on their own lines, so they keep matching it", async () => {
    const dir = await copySite();
    const schemaFile = path.join(dir, 'schemas/blocks/page-hero.schema.json');
    const original = await readFile(schemaFile, 'utf8');
    // The developer renamed the property and raised the version, but left the example as it was.
    const bumped = original.replace('"eyebrow": { "type"', '"kicker": { "type"').replace(/\n {2}"type": "object",/, '\n  "x-version": 2,\n  "type": "object",');
    await writeFile(schemaFile, bumped);
    await mkdir(path.join(dir, 'migrations/page-hero'), { recursive: true });
    await writeFile(path.join(dir, 'migrations/page-hero/2.ts'), renameEyebrow);
    const exampleLine = bumped.split('\n').findIndex((line) => line.includes('"eyebrow": "Services"')) + 1;
    expect(exampleLine).toBeGreaterThan(0);
    const stale = await validateContent({ root: dir });
    expect(stale.issues.filter((i) => i.rule === 'schema-example').map(formatIssue)).toEqual([
      `schemas/blocks/page-hero.schema.json:${exampleLine}:7  examples[0].eyebrow: unknown property "eyebrow"; allowed here: kicker, heading, text, cta. A schema's examples must follow it: fix the example (after a props change with a migration, npm run migrate migrates the examples too).`,
    ]);

    const result = migrate(dir);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`schemas/blocks/page-hero.schema.json:${exampleLine}  examples[0].eyebrow: renamed to "kicker"`);
    expect(await readFile(schemaFile, 'utf8')).toBe(bumped.replace('"eyebrow": "Services"', '"kicker": "Services"'));
    expect((await validateContent({ root: dir })).issues.filter((i) => i.severity === 'error').map(formatIssue)).toEqual([]);
  }, 60_000);

  it('--dry-run prints each change with file:line and writes nothing', async () => {
    const dir = await copySite();
    await bumpPageHero(dir, renameEyebrow);
    const before = await snapshot(dir);
    const expected = await pageHeroEyebrows(dir);

    const result = migrate(dir, '--dry-run');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('pages'))).toEqual(expected.map((e) => e.report));
    expect(result.stdout).toContain('Nothing was written; run npm run migrate to apply.');
    expect(await snapshot(dir)).toEqual(before);
  }, 60_000);

  it('changes nothing when run a second time', async () => {
    const dir = await copySite();
    await bumpPageHero(dir, renameEyebrow);
    expect(migrate(dir).status).toBe(0);
    const once = await snapshot(dir);

    const again = migrate(dir);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('nothing to migrate');
    expect(await snapshot(dir)).toEqual(once);
  }, 60_000);

  it('stops at a migration that throws, with file:line of the block, and writes nothing', async () => {
    const dir = await copySite();
    await bumpPageHero(dir, renameEyebrow.replace('const { eyebrow', 'if (props.heading === "About Us") throw new Error("no kicker for About Us");\n  const { eyebrow'));
    const before = await snapshot(dir);
    const about = parseJsonWithPositions(before.get('pages/about.json')!);
    const at = positionAt(about, ['blocks', 0], 'type');

    const result = migrate(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`pages/about.json:${at.line}:${at.column}  blocks[0] (page-hero) › type: migrations/page-hero/2.ts threw: no kicker for About Us.`);
    expect(result.stderr).toContain('Nothing was written');
    expect(result.stdout).toBe('');
    expect(await snapshot(dir)).toEqual(before);
  }, 60_000);

  it('stops when the migrated props fail the block schema, naming each block and the reason, and writes nothing', async () => {
    const dir = await copySite();
    await bumpPageHero(dir, renameEyebrow.replace('{ kicker: eyebrow, ...rest }', '{ kicker: 42, ...rest }'));
    const before = await snapshot(dir);
    const expected = await pageHeroEyebrows(dir);

    const result = migrate(dir);
    expect(result.status).toBe(1);
    const problems = result.stderr.split('\n').filter((line) => line.startsWith('pages'));
    expect(problems).toHaveLength(expected.length);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${expected[0]!.file}:\\d+:\\d+  blocks\\[\\d+\\] \\(page-hero\\) › type: after migrations/page-hero/2\\.ts the props fail schemas/blocks/page-hero\\.schema\\.json: props\\.kicker: must be a string, not an integer\\. Fix the migration`,
      ),
    );
    expect(await snapshot(dir)).toEqual(before);
  }, 60_000);

  it('refuses when a migration step is missing, naming the file to write', async () => {
    const dir = await copySite();
    await bumpPageHero(dir, renameEyebrow);
    await rm(path.join(dir, 'migrations/page-hero/2.ts'));
    const before = await snapshot(dir);
    const result = migrate(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^schemas\/blocks\/page-hero\.schema\.json:\d+:\d+ {2}migrations\/page-hero\/2\.ts is missing/m);
    expect(await snapshot(dir)).toEqual(before);
  }, 60_000);

  it('prints usage with --help and refuses an unknown flag with exit code 2', () => {
    const help = migrate(root, '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: npm run migrate [-- --dry-run]');
    expect(help.stdout).toContain('--dry-run');

    const unknown = migrate(root, '--force');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('migrate: unknown option "--force".');
    expect(unknown.stderr).toContain('Usage: npm run migrate');
  }, 60_000);
});

describe('validate while content is behind its schema', () => {
  it('fails, naming the block type, both versions and npm run migrate, at the first block of that type', async () => {
    const dir = await copySite();
    await bumpPageHero(dir, renameEyebrow);
    const report = await validateContent({ root: dir });
    const behind = report.issues.filter((i) => i.rule === 'content-version');
    expect(behind).toHaveLength(1);
    const [first] = await pageHeroEyebrows(dir);
    expect(behind[0]!.file).toBe(first!.file);
    expect(formatIssue(behind[0]!)).toMatch(
      /^pages\/about\.json:\d+:\d+ {2}blocks\[0\] \(page-hero\) › type: page-hero content is at version 1 \(content-versions\.json\) but schemas\/blocks\/page-hero\.schema\.json is at "x-version": 2; \d+ blocks in \d+ files still use the old props\. Run npm run migrate/,
    );
    expect(behind[0]!.severity).toBe('error');
  });

  it('fails for the card blocks and the testimonials when their recorded versions are missing', async () => {
    const dir = await copySite();
    await rm(path.join(dir, 'content-versions.json'));
    const report = await validateContent({ root: dir });
    const behind = report.issues
      .filter((i) => i.rule === 'content-version')
      .map((i) => i.message.split(' ')[0])
      .sort();
    expect(behind).toEqual(['approach-cards', 'choose-us-cards', 'open-positions', 'revolve-cards', 'sector-slider', 'smart-content', 'smart-solutions', 'solutions-tabs', 'testimonials']);
  });

  it('rejects a recorded version ahead of the schema', async () => {
    const dir = await copySite();
    await writeFile(path.join(dir, 'content-versions.json'), '{\n  "approach-cards": 4\n}\n');
    const report = await validateContent({ root: dir });
    expect(report.issues.map(formatIssue)).toContain(
      'content-versions.json:2:3  approach-cards: the content is at version 4, but schemas/blocks/approach-cards.schema.json describes version 3 ("x-version"). Content is never migrated back: restore the schema\'s "x-version": 4 and its migrations.',
    );
  });
});

describe('the card vocabulary migrations (version 2)', () => {
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

  it('turn content with the old field names into the committed content, byte for byte', async () => {
    const dir = await copySite();
    const committed = await contentFiles(dir);
    // Write the old names back, in place, as the content was before version 2.
    let renamedBack = 0;
    for (const [file, text] of committed) {
      const value = JSON.parse(text) as unknown;
      const changes = blockEntries(value, file === 'pages.json').flatMap((block) => {
        const old = oldFields[block.type];
        if (!old) return [];
        const props = block.props as Record<string, Array<Record<string, unknown>>>;
        const items = props[old.list]!.map((item) => Object.fromEntries(Object.entries(item).map(([key, v]) => [Object.entries(old.renames).find(([, to]) => to === key)?.[0] ?? key, v])));
        return diffValues(parseTree(text)!, [...block.path, 'props'], props, { ...props, [old.list]: items });
      });
      renamedBack += changes.length;
      if (changes.length > 0) await writeFile(path.join(dir, file), applyChanges(text, changes));
    }
    expect(renamedBack).toBeGreaterThan(100);
    await writeFile(path.join(dir, 'content-versions.json'), '{}\n');

    const result = migrate(dir);
    expect(result.status, result.stderr).toBe(0);
    expect(await contentFiles(dir)).toEqual(committed);
    expect(await readFile(path.join(dir, 'content-versions.json'), 'utf8')).toBe(await readFile(path.join(root, 'content-versions.json'), 'utf8'));
  }, 60_000);
});

describe('the decorative picture migrations (approach-cards 3, sector-slider 3, testimonials 2)', () => {
  it('turn the icons and avatars written with "alt": "" into the committed content, byte for byte', async () => {
    const dir = await copySite();
    const committed = await contentFiles(dir);
    // Write the empty alts back, in place, as the content was before these versions.
    let unmarked = 0;
    for (const [file, text] of committed) {
      const before = text.replaceAll('"decorative": true', '"alt": ""');
      if (before === text) continue;
      unmarked += before.split('"alt": ""').length - 1;
      await writeFile(path.join(dir, file), before);
    }
    expect(unmarked).toBeGreaterThan(50);
    const versions = JSON.parse(await readFile(path.join(dir, 'content-versions.json'), 'utf8')) as Record<string, number>;
    await writeFile(path.join(dir, 'content-versions.json'), `${JSON.stringify({ ...versions, 'approach-cards': 2, 'sector-slider': 2, testimonials: undefined }, null, 2)}\n`);

    const result = migrate(dir);
    expect(result.status, result.stderr).toBe(0);
    expect(await contentFiles(dir)).toEqual(committed);
    expect(await readFile(path.join(dir, 'content-versions.json'), 'utf8')).toBe(await readFile(path.join(root, 'content-versions.json'), 'utf8'));
  }, 60_000);
});
