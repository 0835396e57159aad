import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blockRegistry } from '../../src/render/registry';
import { loadBlockModule } from '../../src/render/block-modules';
import { BlockFrame } from '../../src/render/render-blocks';
import { createSchemaValidator } from '../../scripts/content-check/schema-validator';
import { BlockEnvironment } from '../../src/kit/block-environment';
import { site } from '../../src/model/site';
import type { BlockEntry, BlockType } from '../../src/model/block-entry';

const root = path.resolve(import.meta.dirname, '../..');
const schemaTypes = (await readdir(path.join(root, 'schemas/blocks'))).map((f) => f.replace('.schema.json', '')).sort();
const blockDirs = (await readdir(path.join(root, 'blocks'), { withFileTypes: true }))
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

interface BlockSchema {
  title: string;
  description: string;
  additionalProperties: boolean;
  properties: Record<string, unknown>;
  examples: Array<Record<string, unknown>>;
}
const readSchema = async (type: string) => JSON.parse(await readFile(path.join(root, 'schemas/blocks', `${type}.schema.json`), 'utf8')) as BlockSchema;

/** Every property at every depth, with its path, so a missing description can be named. */
function propertiesWithoutDescription(schema: unknown, at = ''): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const missing: string[] = [];
  for (const [name, sub] of Object.entries((node.properties as Record<string, unknown> | undefined) ?? {})) {
    if (!(sub as { description?: string }).description) missing.push(`${at}${name}`);
    missing.push(...propertiesWithoutDescription(sub, `${at}${name}.`));
  }
  for (const key of ['items', '$defs'] as const) {
    const child = node[key];
    if (key === '$defs' && child) for (const [name, def] of Object.entries(child)) missing.push(...propertiesWithoutDescription(def, `${at}$defs.${name}.`));
    else if (child) missing.push(...propertiesWithoutDescription(child, `${at}[].`));
  }
  return missing;
}

describe('block registry', () => {
  it('has a component for every block schema, and a schema for every component', () => {
    expect(Object.keys(blockRegistry).sort()).toEqual(schemaTypes);
    expect(blockDirs).toEqual(schemaTypes);
  });

  it('has a test of its own for every block, in its folder', async () => {
    const untested = [];
    for (const type of blockDirs) if (!(await readdir(path.join(root, 'blocks', type))).includes(`${type}.test.tsx`)) untested.push(type);
    expect(untested).toEqual([]);
  });

  it.each(schemaTypes)('%s: schema names its interface, closes its props, describes every property and has an example', async (type) => {
    const schema = await readSchema(type);
    expect(schema.title).toMatch(/^[A-Z][A-Za-z]+Props$/);
    expect(schema.description.length).toBeGreaterThan(20);
    expect(schema.additionalProperties).toBe(false);
    expect(propertiesWithoutDescription(schema)).toEqual([]);
    expect(schema.examples.length).toBeGreaterThanOrEqual(1);
  });

  it.each(schemaTypes)('%s: every example is valid and renders, with its schema defaults filled in as on a page', async (type) => {
    const validator = await createSchemaValidator(path.join(root, 'schemas'));
    const { examples } = await readSchema(type);
    await loadBlockModule(type as BlockType);
    expect(examples.length).toBeGreaterThanOrEqual(1);
    for (const [i, props] of examples.entries()) {
      const doc = { title: 'An example page title', description: 'An example page description that is long enough to pass validation.', blocks: [{ type, id: `example-${i}`, props }] };
      const { findings, withDefaults } = validator.validatePage(doc);
      expect(findings).toEqual([]);
      const entry = (withDefaults as { blocks: BlockEntry[] }).blocks[0]!;
      const { container, unmount } = render(
        <BlockEnvironment settings={site.settings}>
          <BlockFrame entry={entry} />
        </BlockEnvironment>,
      );
      const frame = container.querySelector(`[data-block="${type}"]`);
      expect(frame?.id).toBe(`example-${i}`);
      expect(frame?.textContent?.length).toBeGreaterThan(0);
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
  });
});
