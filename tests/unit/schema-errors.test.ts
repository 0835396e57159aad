// @vitest-environment node
/**
 * A broken schema is named with file:line:col, once, where it is broken: by validate, by the build and dev
 * server (the content plugin), and by gen:types, which refuses it (AJV strict) before writing any type.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { runBuildStart } from './fixtures/run-build-start.ts';
import { fixtureSitePerTest } from './fixtures/content-site';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const site = fixtureSitePerTest();

/** Replaces `find` in a file of the site; returns the 1-based line and column where `at` (inside the new text) begins. */
async function edit(rel: string, find: string, replace: string, at = replace): Promise<{ line: number; column: number }> {
  const file = path.join(site.root, rel);
  const text = await readFile(file, 'utf8');
  expect(text, `${rel} contains ${find}`).toContain(find);
  const edited = text.replace(find, replace);
  await writeFile(file, edited);
  const offset = edited.indexOf(replace) + replace.indexOf(at);
  const before = edited.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

async function messages(): Promise<string[]> {
  return (await validateContent({ root: site.root })).issues.map(formatIssue);
}

describe('validate names the broken schema file with line:col', () => {
  it('an unknown type name ("strin"), with the type it meant', async () => {
    const at = await edit('schemas/blocks/faq.schema.json', '"heading": { "type": "string"', '"heading": { "type": "strin"', '"type"');
    expect(await messages()).toEqual([
      `schemas/blocks/faq.schema.json:${at.line}:${at.column}  properties.heading.type is "strin", which JSON Schema does not allow here — did you mean "string"? Allowed: "array", "boolean", "integer", "null", "number", "object", "string". Fix the schema, then run npm run gen:types.`,
    ]);
  });

  it('an unknown keyword in a shared def: once, in that file, not in every block that refers to it', async () => {
    const at = await edit('schemas/defs/link.schema.json', '"additionalProperties": false,', '"additionalProperties": false, "requird": ["label"],', '"requird"');
    const found = await messages();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^schemas/defs/link\\.schema\\.json:${at.line}:${at.column}  unknown keyword "requird": strict mode allows only JSON Schema keywords`));
  });

  it('a JSON syntax error in a schema, and the page documents are still read for theirs', async () => {
    const at = await edit('schemas/blocks/hero.schema.json', '"type": "object",', '"type": "object" "x",', '"x"');
    await site.write('pages/about.json', '{ "title": "About", }');
    expect(await messages()).toEqual([
      'pages/about.json:1:19  JSON syntax error: a comma after the last property, which JSON does not allow: delete this comma',
      `schemas/blocks/hero.schema.json:${at.line}:${at.column}  JSON syntax error: expected a comma (is one missing at the end of the previous line?). Fix the schema, then run npm run gen:types.`,
    ]);
  });

  it('a $ref to a file that does not exist, at the $ref', async () => {
    const at = await edit('schemas/blocks/closing-banner.schema.json', '"$ref": "../defs/link.schema.json"', '"$ref": "../defs/lnk.schema.json"');
    const found = await messages();
    expect(found).toEqual([expect.stringMatching(new RegExp(`^schemas/blocks/closing-banner\\.schema\\.json:${at.line}:${at.column}  the "\\$ref" "\\.\\./defs/lnk\\.schema\\.json" names no schema file`))]);
  });

  it('the build (and the dev overlay, which shows the same report) names the schema file too', async () => {
    const at = await edit('schemas/blocks/faq.schema.json', '"heading": { "type": "string"', '"heading": { "type": "strin"', '"type"');
    expect(await runBuildStart(site.root)).toContain(`schemas/blocks/faq.schema.json:${at.line}:${at.column}  properties.heading.type is "strin"`);
  });
});

describe('gen:types refuses an invalid schema', () => {
  it('exits 1 naming the file and line of "type": "strin", and writes nothing', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'gen-types-strict-'));
    try {
      for (const dir of ['scripts', 'schemas', 'src/generated', 'src/features/enquiry', 'src/model']) await cp(path.join(repoRoot, dir), path.join(copy, dir), { recursive: true });
      await symlink(path.join(repoRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
      const schemaFile = path.join(copy, 'schemas/blocks/faq.schema.json');
      const text = await readFile(schemaFile, 'utf8');
      await writeFile(schemaFile, text.replace('"heading": { "type": "string"', '"heading": { "type": "strin"'));
      const line = text.slice(0, text.indexOf('"heading": { "type": "string"')).split('\n').length;
      const generatedBefore = await snapshot(path.join(copy, 'src/generated'));

      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-types.ts'], { cwd: copy, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain('gen:types: a schema is not valid, so nothing was written:');
      expect(run.stderr).toMatch(new RegExp(`schemas/blocks/faq\\.schema\\.json:${line}:\\d+  properties\\.heading\\.type is "strin".*did you mean "string"\\?`));
      expect(await snapshot(path.join(copy, 'src/generated'))).toEqual(generatedBefore);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 60_000);
});

async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return Object.fromEntries(await Promise.all(files.map(async (e) => [path.relative(dir, path.join(e.parentPath, e.name)), await readFile(path.join(e.parentPath, e.name), 'utf8')] as const)));
}
