// @vitest-environment node
/**
 * Schema defaults reach the components: pages.json, the page documents and the block schemas' examples, imported
 * through Vite (vitest runs the same plugins as the dev server and the builds), are the files with every schema
 * default filled in, and a block only ever receives its own schema's defaults.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../../scripts/content-check/schema-validator';
import { fillFileDefaults, type DefaultedFile } from '../../scripts/content-check/schema-defaults';
import { siteConfig } from '../../src/model/site-config';

const root = path.resolve(import.meta.dirname, '../..');
const validator = await createSchemaValidator(path.join(root, 'schemas'));
const pages = import.meta.glob<unknown>('/pages/*.json', { eager: true, import: 'default' });
const blockSchemas = import.meta.glob<{ examples: unknown[] }>('/schemas/blocks/*.schema.json', { eager: true, import: 'default' });

const filledFromDisk = async (rel: string, file: DefaultedFile) => JSON.parse(fillFileDefaults(validator, file, await readFile(path.join(root, rel), 'utf8'))!) as unknown;

interface Entry {
  type?: string;
  props?: Record<string, unknown>;
}
const blocksOf = (doc: unknown) => ((doc as { blocks?: Entry[] }).blocks ?? []).filter((b) => b.type);
const topLevelDefaults = async (type: string) => {
  const schema = JSON.parse(await readFile(path.join(root, 'schemas/blocks', `${type}.schema.json`), 'utf8')) as { properties: Record<string, { default?: unknown }> };
  return Object.entries(schema.properties).flatMap(([name, p]) => (p.default === undefined ? [] : [[name, p.default] as const]));
};

describe('schema defaults, as Vite delivers the content', () => {
  it('every page document arrives with its defaults filled in', async () => {
    expect(Object.keys(pages).length).toBeGreaterThan(0);
    for (const [file, doc] of Object.entries(pages)) expect(doc, file).toEqual(await filledFromDisk(file.slice(1), { kind: 'page' }));
  });

  // Whichever blocks the site has today: no test here needs a given block type to be on some page.
  it('every block of a page document arrives with each top-level default of its schema', async () => {
    expect(Object.values(pages).flatMap(blocksOf).length).toBeGreaterThanOrEqual(Object.keys(pages).length); // a block a page at least
    for (const [file, doc] of Object.entries(pages)) {
      for (const block of blocksOf(doc)) {
        for (const [name] of await topLevelDefaults(block.type!)) expect(block.props, `${file}: ${block.type} ${name}`).toHaveProperty(name);
      }
    }
  });

  it('pages.json arrives with the defaults of its layout and fragments filled in', async () => {
    expect(siteConfig).toEqual(await filledFromDisk('pages.json', { kind: 'site-config' }));
  });

  it("the block schemas' examples arrive with their defaults filled in (the dev gallery renders them)", async () => {
    expect(Object.keys(blockSchemas)).toHaveLength((await readdir(path.join(root, 'blocks'))).length); // one schema a block folder
    for (const [file, schema] of Object.entries(blockSchemas)) {
      const type = path.basename(file, '.schema.json');
      expect(schema.examples, file).toEqual(((await filledFromDisk(file.slice(1), { kind: 'block-schema', type })) as typeof schema).examples);
    }
  });

  it("gives each block exactly its own schema's missing defaults, whatever blocks share the page", async () => {
    const entries = Object.entries(blockSchemas).flatMap(([file, schema]) => schema.examples.map((props) => ({ type: path.basename(file, '.schema.json'), props: props as Record<string, unknown> })));
    // Start from the examples as written, with their defaulted properties taken out.
    const authored = await Promise.all(
      entries.map(async ({ type, props }) => {
        const defaults = await topLevelDefaults(type);
        return { type, props: Object.fromEntries(Object.entries(props).filter(([name]) => !defaults.some(([d]) => d === name))) };
      }),
    );
    const doc = { title: 'Every block type on one page', description: 'A page with one block of every example, to see which defaults each block receives.', blocks: authored };
    const { withDefaults } = validator.validatePage(doc);
    expect(blocksOf(withDefaults)).toHaveLength(authored.length);
    for (const [i, block] of blocksOf(withDefaults).entries()) {
      const added = Object.keys(block.props!).filter((name) => !(name in authored[i]!.props));
      expect(added.sort(), block.type).toEqual((await topLevelDefaults(block.type!)).map(([name]) => name).sort());
    }
  });
});
