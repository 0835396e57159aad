// @vitest-environment node
/**
 * A schema "default" is written once, in the schema: the loader fills it in, so a block component never writes it
 * again (`{ separator = ',' }`, `item.duration ?? 2`). Two copies drift apart silently; this test stops the second.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Restated defaults that are known and waiting to be removed, as "file: prop". Empty this list, never add to it:
 * the test also fails when an entry no longer occurs.
 */

const isNode = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The names of the properties that have a "default", at any depth of a schema and the defs it refers to. */
function defaultedNames(schema: unknown, file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown, from: string) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, from));
    if (!isNode(node)) return;
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
      const target = path.resolve(path.dirname(from), node.$ref);
      if (!seen.has(target)) {
        seen.add(target);
        walk(JSON.parse(readFileSync(target, 'utf8')), target);
      }
    }
    if (isNode(node.properties)) for (const [name, property] of Object.entries(node.properties)) if (isNode(property) && 'default' in property) names.add(name);
    for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'default') walk(value, from);
  };
  walk(schema, file);
  return names;
}

/** Where a source restates one of the names: a destructuring or parameter default, or a `??` / `|| literal` fallback. */
function restatements(source: string, names: Set<string>): Array<{ line: number; name: string; text: string }> {
  const found: Array<{ line: number; name: string; text: string }> = [];
  const patterns = [/(?<=[{,(]\s*)(\w+)\s*=(?![=>])/g, /\b(\w+)\s*\?\?/g, /\b(\w+)\s*\|\|\s*(?=['"`\d]|true\b|false\b)/g];
  for (const pattern of patterns) {
    for (const m of source.matchAll(pattern)) {
      if (!names.has(m[1]!)) continue;
      const line = source.slice(0, m.index).split('\n').length;
      found.push({ line, name: m[1]!, text: source.split('\n')[line - 1]!.trim() });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

const blockTypes = readdirSync(path.join(root, 'schemas/blocks'))
  .filter((f) => f.endsWith('.schema.json'))
  .map((f) => f.slice(0, -'.schema.json'.length));

function componentSources(type: string): string[] {
  const dir = path.join(root, 'blocks', type);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  return files.map((f) => `blocks/${type}/${f.split(path.sep).join('/')}`);
}

describe('schema defaults are written once, in the schema', () => {
  it('no block component restates a default of its schema', () => {
    const problems: string[] = [];
    for (const type of blockTypes) {
      const schemaFile = path.join(root, 'schemas/blocks', `${type}.schema.json`);
      const names = defaultedNames(JSON.parse(readFileSync(schemaFile, 'utf8')), schemaFile);
      if (names.size === 0) continue;
      for (const file of componentSources(type)) {
        for (const r of restatements(readFileSync(path.join(root, file), 'utf8'), names)) {
          problems.push(`${file}:${r.line} restates the default of "${r.name}" from schemas/blocks/${type}.schema.json (${r.text}). Remove it: the loader fills the default in.`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds each kind of restatement, and nothing else', () => {
    const names = new Set(['separator', 'duration', 'heading']);
    const source = [
      "export default function Counters({ items, separator = ',' }: Props) {",
      '  const d = item.duration ?? 2;',
      "  const h = heading || 'What Our Clients Say';",
      '  const shown = heading ? heading : null;',
      '  if (separator === "") return;',
      '  const limit = (items.length || 1) + (intro ?? 0);',
    ].join('\n');
    expect(restatements(source, names).map((r) => `${r.line} ${r.name}`)).toEqual(['1 separator', '2 duration', '3 heading']);
  });

  it('knows the defaults of a schema at every depth', () => {
    const file = path.join(root, 'schemas/blocks/counters.schema.json');
    expect([...defaultedNames(JSON.parse(readFileSync(file, 'utf8')), file)].sort()).toEqual(['duration', 'separator']);
  });
});
