// @vitest-environment node
/** Editor support: every property of every schema says what it is (hover help), every block has an example. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const schemasDir = path.resolve(import.meta.dirname, '../../schemas');
const files = ['pages.schema.json', 'page.schema.json', ...['blocks', 'defs'].flatMap((dir) => readdirSync(path.join(schemasDir, dir)).map((f) => `${dir}/${f}`))];
const read = (file: string) => JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as Record<string, unknown>;

/** Pointers ("#/properties/items/items/properties/title") of properties without a description. */
function undescribed(node: unknown, pointer = '#'): string[] {
  if (!node || typeof node !== 'object') return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'default' || key === 'const' || key === 'enum') continue;
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, property] of Object.entries(value)) {
        if (!(property as { description?: unknown }).description) found.push(`${pointer}/properties/${name}`);
      }
    }
    found.push(...undescribed(value, `${pointer}/${key}`));
  }
  return found;
}

describe.each(files)('schemas/%s', (file) => {
  const schema = read(file);

  it('describes itself and every property', () => {
    expect(schema.description, 'a top-level "description"').toMatch(/\w+ \w+/); // words, not a blank
    expect(undescribed(schema)).toEqual([]);
  });

  if (file.startsWith('blocks/')) {
    it('has at least one complete example and allows no unknown props', () => {
      expect(Array.isArray(schema.examples) && schema.examples.length > 0).toBe(true);
      expect(schema.additionalProperties).toBe(false);
      // "Complete": every property is shown by some example, or has a default the component uses.
      const properties = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
      const shown = new Set((schema.examples as object[]).flatMap((example) => Object.keys(example)));
      expect(Object.keys(properties).filter((name) => !shown.has(name) && properties[name]!.default === undefined)).toEqual([]);
    });
  }
});
