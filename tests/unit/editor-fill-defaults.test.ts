// @vitest-environment node
/**
 * The editor's preview fills schema defaults without AJV (src/editor/fill-defaults.ts); the site fills them
 * with AJV. They must agree, or the preview would show a page the site does not: checked on every block of
 * every page document, of pages.json, and on every schema example with its optional properties left out.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../../scripts/content-check/schema-validator';
import { fillDefaults } from '../../src/editor/shared/fill-defaults';
import { propsSchema, schemaFiles, blockTypes } from '../../src/editor/shared/schemas';

const root = path.resolve(import.meta.dirname, '../..');
const validator = await createSchemaValidator(path.join(root, 'schemas'));

interface Entry {
  type?: string;
  props?: unknown;
}

async function rawEntries(): Promise<Array<{ where: string; entry: Entry }>> {
  const files = (await readdir(path.join(root, 'pages'))).filter((f) => f.endsWith('.json')).map((f) => `pages/${f}`);
  const out: Array<{ where: string; entry: Entry }> = [];
  for (const file of files) {
    const doc = JSON.parse(await readFile(path.join(root, file), 'utf8')) as { blocks: Entry[] };
    doc.blocks.forEach((entry, i) => entry.type && out.push({ where: `${file} blocks[${i}]`, entry }));
  }
  const site = JSON.parse(await readFile(path.join(root, 'pages.json'), 'utf8')) as { layout: Record<string, Entry>; fragments: Record<string, Entry> };
  for (const [name, entry] of [...Object.entries(site.layout), ...Object.entries(site.fragments)]) out.push({ where: `pages.json ${name}`, entry });
  return out;
}

const withAjv = (type: string, props: unknown) => validator.validateBlockProps(type, structuredClone(props)).withDefaults;

describe('the preview fills the same defaults as the content check', () => {
  it('on every block of the site', async () => {
    const entries = await rawEntries();
    expect(entries.length).toBeGreaterThan(0); // the site's blocks were found, however many it has today
    for (const { where, entry } of entries) {
      expect(fillDefaults(schemaFiles, propsSchema(entry.type!)!, entry.props), where).toEqual(withAjv(entry.type!, entry.props));
    }
  });

  it('on every schema example with each optional top-level property left out', async () => {
    expect(blockTypes).toHaveLength((await readdir(path.join(root, 'blocks'))).length); // one schema a block folder
    let examples = 0;
    for (const type of blockTypes) {
      const located = propsSchema(type)!;
      const required = new Set(located.schema.required ?? []);
      const raw = JSON.parse(await readFile(path.join(root, 'schemas/blocks', `${type}.schema.json`), 'utf8')) as { examples?: Array<Record<string, unknown>> };
      for (const example of raw.examples ?? []) {
        examples++;
        const bare = Object.fromEntries(Object.entries(example).filter(([key]) => required.has(key)));
        expect(fillDefaults(schemaFiles, located, bare), type).toEqual(withAjv(type, bare));
        expect(fillDefaults(schemaFiles, located, example), type).toEqual(withAjv(type, example));
      }
    }
    expect(examples).toBeGreaterThanOrEqual(blockTypes.length); // each schema has one at least (registry.test.tsx)
  });

  it('returns the very same object when nothing is missing, so the preview re-renders nothing', () => {
    const props = { items: [{ title: 'A', content: 'B' }], firstOpen: true, singleOpen: false, headingLevel: 2 };
    expect(fillDefaults(schemaFiles, propsSchema('accordion')!, props)).toBe(props);
  });
});
