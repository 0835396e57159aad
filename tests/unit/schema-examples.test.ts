// @vitest-environment node
/** Every schema's own examples are checked against it, by validate and by gen:types, at their place in the schema file. */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { fixtureSitePerTest } from './fixtures/content-site';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const faq = 'schemas/blocks/faq.schema.json';

/** The faq schema with its first example's heading turned into a number; the line and column of that "heading". */
async function breakExample(schemasRoot: string): Promise<{ line: number; column: number }> {
  const file = path.join(schemasRoot, faq);
  const text = await readFile(file, 'utf8');
  const examplesAt = text.indexOf('"examples"');
  const headingAt = text.indexOf('"heading": "', examplesAt);
  expect(headingAt, 'the faq example has a heading').toBeGreaterThan(examplesAt);
  const end = text.indexOf('"', headingAt + '"heading": "'.length);
  await writeFile(file, `${text.slice(0, headingAt)}"heading": 42${text.slice(end + 1)}`);
  const before = text.slice(0, headingAt).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

describe('schema examples', () => {
  const site = fixtureSitePerTest();

  it("the real schemas' examples all follow their schemas", async () => {
    const report = await validateContent({ root: repoRoot });
    expect(report.issues.filter((i) => i.rule === 'schema-example').map(formatIssue)).toEqual([]);
  });

  it('validate: an example that breaks its schema, at its place in the schema file, with its path', async () => {
    const at = await breakExample(site.root);
    const issues = (await validateContent({ root: site.root })).issues;
    expect(issues.map(formatIssue)).toEqual([
      `${faq}:${at.line}:${at.column}  examples[0].heading: must be a string, not an integer. A schema's examples must follow it: fix the example (after a props change with a migration, npm run migrate migrates the examples too).`,
    ]);
    expect(issues[0]).toMatchObject({ rule: 'schema-example', path: ['examples', 0, 'heading'] });
  });

  it("validate: an example's picture whose alt is empty, as a page's would be, at its place in the schema file", async () => {
    const hero = 'schemas/blocks/hero.schema.json';
    const file = path.join(site.root, hero);
    const text = await readFile(file, 'utf8');
    const altAt = text.indexOf('"alt": "', text.indexOf('"examples"'));
    expect(altAt, 'the hero example has a picture').toBeGreaterThan(0);
    await writeFile(file, `${text.slice(0, altAt)}"alt": ""${text.slice(text.indexOf('"', altAt + '"alt": "'.length) + 1)}`);
    const before = text.slice(0, altAt).split('\n');
    expect((await validateContent({ root: site.root })).issues.map(formatIssue)).toEqual([
      `${hero}:${before.length}:${before.at(-1)!.length + 1}  examples[0].image.alt: the picture's "alt" is empty. Write in "alt" what the picture shows, in a short sentence for someone who cannot see it. A schema's examples must follow it: fix the example (after a props change with a migration, npm run migrate migrates the examples too).`,
    ]);
  });

  it('gen:types refuses it, naming the place, and writes nothing', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'gen-types-examples-'));
    try {
      for (const dir of ['scripts', 'schemas', 'src/generated', 'src/features/enquiry', 'src/model']) await cp(path.join(repoRoot, dir), path.join(copy, dir), { recursive: true });
      await symlink(path.join(repoRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
      const at = await breakExample(copy);
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-types.ts', '--check'], { cwd: copy, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain(`gen:types: a schema is not valid, so nothing was written:\n  ${faq}:${at.line}:${at.column}  examples[0].heading: must be a string, not an integer.`);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 60_000);
});
