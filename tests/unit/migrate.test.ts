// @vitest-environment node
/**
 * npm run migrate, end to end on a small site of its own (tests/fixtures/migrate-site/, copied to a temporary
 * folder), so a change to the real site's content or schemas cannot break these tests: a prop renamed across the
 * site edits exactly the lines of that prop; a dry run and a second run write nothing; a migration that throws or
 * gives props its schema refuses writes nothing; validate fails while content is behind; a migration ends by
 * regenerating the types and naming the code still using the old props. The real content's migrations are
 * content-migrations.test.ts.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIssue } from '../../scripts/content-check/issue.ts';
import { validateContent } from '../../scripts/content-check/validate-content.ts';
import { contentFiles, copyMigrateSite, migrate, migrateSiteDir } from './fixtures/migrate-site.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((dispose) => dispose()));
});

/** The fixture site in a temporary folder, removed after the test. */
async function fixtureSite(): Promise<string> {
  const site = await copyMigrateSite();
  cleanups.push(site.dispose);
  return site.root;
}

/** The lines of migrate's report that name a place in the code. */
const placesNamed = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('blocks/'));

const bannerSchema = 'schemas/blocks/banner.schema.json';
const raiseVersion = (schema: string) => schema.replace(/\n {2}"type": "object",/, '\n  "x-version": 2,\n  "type": "object",');

/**
 * banner version 2, as a developer writes it: "eyebrow" is "kicker" in the schema (and its example), the
 * component reads "kicker", and migrations/banner/2.ts says how the content gets there.
 */
async function renameBannerEyebrow(dir: string, migration: string): Promise<void> {
  const schema = raiseVersion((await readFile(path.join(dir, bannerSchema), 'utf8')).replaceAll('"eyebrow"', '"kicker"'));
  expect(schema).toContain('"x-version": 2');
  await writeFile(path.join(dir, bannerSchema), schema);
  const component = path.join(dir, 'blocks/banner/banner.tsx');
  await writeFile(component, (await readFile(component, 'utf8')).replaceAll('eyebrow', 'kicker'));
  await mkdir(path.join(dir, 'migrations/banner'), { recursive: true });
  await writeFile(path.join(dir, 'migrations/banner/2.ts'), migration);
}

const renameEyebrow = `/** Version 2: "eyebrow" becomes "kicker". */
export default function migrate(props: Record<string, unknown>): Record<string, unknown> {
  const { eyebrow, ...rest } = props;
  return eyebrow === undefined ? props : { kicker: eyebrow, ...rest };
}
`;

/** The banner blocks of the fixture with an "eyebrow" (the teasers have one too, and keep it): where migrate reports each. */
const bannerEyebrows = [
  'pages.json:27  layout.header (banner) › props.eyebrow: renamed to "kicker"',
  'pages.json:44  fragments.closing (banner) › props.eyebrow: renamed to "kicker"',
  'pages/about.json:9  blocks[0] (banner) › props.eyebrow: renamed to "kicker"',
  'pages/home.json:10  blocks[0] (banner) › props.eyebrow: renamed to "kicker"',
];

/** Every file that migrate could write, or leave behind, with its text. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = await contentFiles(dir);
  const rootNames = (await readdir(dir)).filter((n) => n !== 'node_modules' && n !== 'public' && n !== 'scripts' && n !== 'src');
  for (const name of rootNames) if (!files.has(name) && name.endsWith('.json')) files.set(name, await readFile(path.join(dir, name), 'utf8'));
  for (const name of await readdir(path.join(dir, 'pages'))) if (!name.endsWith('.json')) files.set(`pages/${name}`, 'left behind');
  for (const name of rootNames) if (!name.endsWith('.json') && !['pages', 'schemas', 'migrations', 'blocks'].includes(name)) files.set(name, 'left behind');
  return files;
}

const errorsOf = async (dir: string) => (await validateContent({ root: dir })).issues.filter((i) => i.severity === 'error').map(formatIssue);

describe('npm run migrate', () => {
  it('renames a prop of one block type across the site, editing only the lines with that prop, and records the version', async () => {
    const dir = await fixtureSite();
    expect(await errorsOf(dir)).toEqual([]);
    await renameBannerEyebrow(dir, renameEyebrow);
    const before = await contentFiles(dir);

    const result = migrate(dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('pages'))).toEqual(bannerEyebrows);
    expect(result.stdout).toContain('banner 1 → 2 (6 blocks in 4 files)');

    const after = await contentFiles(dir);
    const changedLines: string[] = [];
    for (const [file, oldText] of before) {
      const oldLines = oldText.split('\n');
      const newLines = after.get(file)!.split('\n');
      expect(newLines.length, file).toBe(oldLines.length);
      oldLines.forEach((line, i) => {
        if (line === newLines[i]) return;
        changedLines.push(`${file}:${i + 1}`);
        expect(newLines[i], `${file}:${i + 1}`).toBe(line.replace('"eyebrow": ', '"kicker": '));
      });
    }
    expect(changedLines).toEqual(bannerEyebrows.map((line) => line.split('  ')[0]));
    // The teasers' "eyebrow" is another block type's: it stays.
    expect(after.get('pages.json')).toContain('"eyebrow": "Elsewhere"');
    expect(after.get('pages/home.json')).toContain('"eyebrow": "More"');
    expect(JSON.parse(await readFile(path.join(dir, 'content-versions.json'), 'utf8'))).toEqual({ banner: 2, teaser: 2 });
    expect(await errorsOf(dir)).toEqual([]);
    // The types follow the schema, and the component, already updated, type-checks against them.
    expect(await readFile(path.join(dir, 'src/generated/blocks/banner.ts'), 'utf8')).toMatch(/^ {2}kicker\?: string;$/m);
    expect(result.stdout).toContain('TypeScript finds no code still reading the old props.');
  }, 120_000);

  it('ends by regenerating the types and naming each place in the code still using the old props, and exits 1', async () => {
    const dir = await fixtureSite();
    await renameBannerEyebrow(dir, renameEyebrow);
    // The developer has not updated the component (nor a test that writes the old props) yet.
    await writeFile(path.join(dir, 'blocks/banner/banner.tsx'), await readFile(path.join(migrateSiteDir, 'blocks/banner/banner.tsx'), 'utf8'));
    await writeFile(path.join(dir, 'blocks/banner/banner.test.ts'), "import type { BannerProps } from '../../src/generated/block-props';\n\nexport const shown: BannerProps = { eyebrow: 'Home', heading: 'A small site' };\n");

    const result = migrate(dir);
    expect(result.stdout).toContain('Migrated banner 1 → 2 (6 blocks in 4 files): 4 properties in 3 files changed; content-versions.json updated.');
    expect(placesNamed(result.stderr)).toEqual([
      'blocks/banner/banner.test.ts:3:37  writes `eyebrow`, which schemas/blocks/banner.schema.json no longer has: update the test to write `kicker`.',
      'blocks/banner/banner.tsx:3:34  reads `eyebrow`, which schemas/blocks/banner.schema.json no longer has: update the component to read `kicker`.',
    ]);
    expect(result.stderr).toContain('migrate: the content is migrated, but 2 places in the code still use the old props');
    expect(result.status).toBe(1);
    // The content and the types are migrated all the same: what is left is the code.
    expect(await errorsOf(dir)).toEqual([]);
    expect(await readFile(path.join(dir, 'src/generated/blocks/banner.ts'), 'utf8')).not.toContain('eyebrow');
  }, 120_000);

  it('says when the migration removed the prop the code reads, and passes on any other type error as TypeScript words it', async () => {
    const dir = await fixtureSite();
    // banner version 2 has no "eyebrow" at all; the component still reads it, and another file has a mistake of its own.
    const schema = (await readFile(path.join(dir, bannerSchema), 'utf8')).replace(/\n {4}"eyebrow": .*/, '').replace(/\n {6}"eyebrow": .*/, '');
    await writeFile(path.join(dir, bannerSchema), raiseVersion(schema));
    await mkdir(path.join(dir, 'migrations/banner'), { recursive: true });
    await writeFile(path.join(dir, 'migrations/banner/2.ts'), '/** Version 2: no "eyebrow". */\nexport default function migrate({ eyebrow: _, ...props }: Record<string, unknown>): Record<string, unknown> {\n  return props;\n}\n');
    await writeFile(path.join(dir, 'blocks/teaser/count.ts'), "export const count: number = 'three';\n");

    const result = migrate(dir);
    expect(result.stdout).toContain('pages/about.json:9  blocks[0] (banner) › props.eyebrow: removed\n');
    expect(placesNamed(result.stderr)).toEqual([
      'blocks/banner/banner.tsx:3:34  reads `eyebrow`, which schemas/blocks/banner.schema.json no longer has: the migration removed it: update the component to do without it.',
      "blocks/teaser/count.ts:1:14  does not type-check: Type 'string' is not assignable to type 'number'.",
    ]);
    expect(result.status).toBe(1);
  }, 120_000);

  it("migrates the schema's own examples too, on their own lines, so they keep matching it", async () => {
    const dir = await fixtureSite();
    await renameBannerEyebrow(dir, renameEyebrow);
    // The developer renamed the property but left the example as it was.
    const schemaFile = path.join(dir, bannerSchema);
    const stale = (await readFile(schemaFile, 'utf8')).replace('"kicker": "Welcome"', '"eyebrow": "Welcome"');
    await writeFile(schemaFile, stale);
    expect(await errorsOf(dir)).toContain(
      `${bannerSchema}:17:7  examples[0].eyebrow: unknown property "eyebrow"; allowed here: kicker, heading, text. A schema's examples must follow it: fix the example (after a props change with a migration, npm run migrate migrates the examples too).`,
    );

    const result = migrate(dir);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`${bannerSchema}:17  examples[0].eyebrow: renamed to "kicker"\n`);
    expect(await readFile(schemaFile, 'utf8')).toBe(stale.replace('"eyebrow": "Welcome"', '"kicker": "Welcome"'));
    expect(await errorsOf(dir)).toEqual([]);
  }, 120_000);

  it('--dry-run prints each change with file:line and writes nothing', async () => {
    const dir = await fixtureSite();
    await renameBannerEyebrow(dir, renameEyebrow);
    const before = await snapshot(dir);

    const result = migrate(dir, '--dry-run');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('pages'))).toEqual(bannerEyebrows);
    expect(result.stdout).toContain(
      '\nDry run: banner 1 → 2 (6 blocks in 4 files). 4 properties in 3 files would change, and content-versions.json. Nothing was written; run npm run migrate to apply (it then regenerates the types and names the code still reading the old props).\n',
    );
    expect(await snapshot(dir)).toEqual(before);
  }, 120_000);

  it('changes nothing when run a second time', async () => {
    const dir = await fixtureSite();
    await renameBannerEyebrow(dir, renameEyebrow);
    expect(migrate(dir).status).toBe(0);
    const once = await snapshot(dir);

    const again = migrate(dir);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('nothing to migrate');
    expect(await snapshot(dir)).toEqual(once);
  }, 120_000);

  it('stops at a migration that throws, with file:line:col of the block, and writes nothing', async () => {
    const dir = await fixtureSite();
    await renameBannerEyebrow(dir, renameEyebrow.replace('const { eyebrow', 'if (props.heading === "About Us") throw new Error("no kicker for About Us");\n  const { eyebrow'));
    const before = await snapshot(dir);

    const result = migrate(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('pages/about.json:7:7  blocks[0] (banner) › type: migrations/banner/2.ts threw: no kicker for About Us.');
    expect(result.stderr).toContain('Nothing was written');
    expect(result.stdout).toBe('');
    expect(await snapshot(dir)).toEqual(before);
  }, 120_000);

  it('stops when the migrated props fail the block schema, naming each block and the reason, and writes nothing', async () => {
    const dir = await fixtureSite();
    await renameBannerEyebrow(dir, renameEyebrow.replace('{ kicker: eyebrow, ...rest }', '{ kicker: 42, ...rest }'));
    const before = await snapshot(dir);

    const result = migrate(dir);
    expect(result.status).toBe(1);
    const reason = 'type: after migrations/banner/2.ts the props fail schemas/blocks/banner.schema.json: props.kicker: must be a string, not an integer. Fix the migration';
    expect(result.stderr.split('\n').filter((line) => line.startsWith('pages'))).toEqual([
      `pages.json:24:7  layout.header (banner) › ${reason} (or the schema), then run npm run migrate again. Nothing was written.`,
      `pages.json:42:7  fragments.closing (banner) › ${reason} (or the schema), then run npm run migrate again. Nothing was written.`,
      `pages/about.json:7:7  blocks[0] (banner) › ${reason} (or the schema), then run npm run migrate again. Nothing was written.`,
      `pages/home.json:7:7  blocks[0] (banner) › ${reason} (or the schema), then run npm run migrate again. Nothing was written.`,
    ]);
    expect(await snapshot(dir)).toEqual(before);
  }, 120_000);

  it('refuses when a migration step is missing, naming the file to write', async () => {
    const dir = await fixtureSite();
    await renameBannerEyebrow(dir, renameEyebrow);
    await rm(path.join(dir, 'migrations/banner/2.ts'));
    const before = await snapshot(dir);
    const result = migrate(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^schemas\/blocks\/banner\.schema\.json:6:3 {2}migrations\/banner\/2\.ts is missing/m);
    expect(await snapshot(dir)).toEqual(before);
  }, 120_000);

  it('prints usage with --help and refuses an unknown flag with exit code 2', async () => {
    const dir = await fixtureSite();
    const help = migrate(dir, '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: npm run migrate [-- --dry-run]');
    expect(help.stdout).toContain('--dry-run');

    const unknown = migrate(dir, '--force');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('migrate: unknown option "--force".');
    expect(unknown.stderr).toContain('Usage: npm run migrate');
  }, 120_000);
});

describe('validate while content is behind its schema', () => {
  it('fails, naming the block type, both versions and npm run migrate, at the first block of that type', async () => {
    const dir = await fixtureSite();
    await renameBannerEyebrow(dir, renameEyebrow);
    const behind = (await validateContent({ root: dir })).issues.filter((i) => i.rule === 'content-version');
    expect(behind.map(formatIssue)).toEqual([
      'pages.json:24:7  layout.header (banner) › type: banner content is at version 1 (content-versions.json) but schemas/blocks/banner.schema.json is at "x-version": 2; 6 blocks in 4 files still use the old props. Run npm run migrate to carry them forward (npm run migrate -- --dry-run shows the changes first).',
    ]);
    expect(behind[0]!.severity).toBe('error');
  });

  it('fails for a block type past version 1 when its recorded version is missing', async () => {
    const dir = await fixtureSite();
    await rm(path.join(dir, 'content-versions.json'));
    const behind = (await validateContent({ root: dir })).issues.filter((i) => i.rule === 'content-version').map((i) => i.message.split(' ')[0]);
    expect(behind).toEqual(['teaser']);
  });

  it('rejects a recorded version ahead of the schema', async () => {
    const dir = await fixtureSite();
    await writeFile(path.join(dir, 'content-versions.json'), '{\n  "teaser": 3\n}\n');
    expect((await validateContent({ root: dir })).issues.map(formatIssue)).toContain(
      'content-versions.json:2:3  teaser: the content is at version 3, but schemas/blocks/teaser.schema.json describes version 2 ("x-version"). Content is never migrated back: restore the schema\'s "x-version": 3 and its migrations.',
    );
  });
});
