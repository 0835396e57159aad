// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockRegistries } from '../../scripts/gen-types/block-registries';
import { requireDefaulted } from '../../scripts/gen-types/prepare-schema';
import { pictureLayouts } from '../../src/generated/picture-layouts';

const root = path.resolve(import.meta.dirname, '../..');
const generated = (rel: string) => readFile(path.join(root, 'src/generated', rel), 'utf8');
const blockTypes = (await readdir(path.join(root, 'schemas/blocks'))).filter((f) => f.endsWith('.schema.json')).map((f) => f.slice(0, -'.schema.json'.length));

describe('gen:types', () => {
  it('generated files match the schemas (run npm run gen:types when this fails)', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/gen-types.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toContain('up to date');
  });

  it('writes one file per block schema and the shared defs once, each under 300 lines', async () => {
    expect((await readdir(path.join(root, 'src/generated/blocks'))).sort()).toEqual(blockTypes.map((t) => `${t}.ts`).sort());
    const files = ['block-props.ts', 'defs.ts', 'pages-json.ts', ...blockTypes.map((t) => `blocks/${t}.ts`)];
    for (const file of files) expect((await generated(file)).split('\n').length, file).toBeLessThanOrEqual(300);
    const index = await generated('block-props.ts');
    for (const type of blockTypes) expect(index).toContain(`export type * from './blocks/${type}';`);
    expect(index).toContain("export type * from './defs';");
    expect(index).toContain('export interface BlockPropsMap');
    // A def is declared once, in defs.ts, never copied or numbered.
    expect(await generated('defs.ts')).toContain('export interface Link {');
    expect(await generated('blocks/faq.ts')).toContain("import type { Link } from '../defs';");
    for (const file of files) expect(await generated(file), file).not.toMatch(/\b(Link|Image|Href|IconName|ImageSrc)\d+\b/);
  });

  it("lists each block's picture layout from its folder, every block whose schema has a picture among them", async () => {
    const withPicture = [];
    for (const type of blockTypes) if ((await readFile(path.join(root, 'schemas/blocks', `${type}.schema.json`), 'utf8')).includes('/image.schema.json"')) withPicture.push(type);
    expect(withPicture).toEqual(['approach-cards', 'hero', 'sector-slider', 'solutions-tabs', 'testimonials', 'who-we-are', 'why-choose']);
    expect(Object.keys(pictureLayouts).sort()).toEqual(withPicture);
    expect(pictureLayouts.hero).toEqual({ sizes: '(min-width: 608px) 560px, calc(100vw - 48px)', largest: 560 });
  });

  it('refuses a block whose schema has a picture but whose folder says not how wide it shows it', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'gen-types-pictures-'));
    try {
      await mkdir(path.join(copy, 'blocks/gallery'), { recursive: true });
      await writeFile(path.join(copy, 'blocks/gallery/gallery.tsx'), '');
      const schema = { type: 'object', properties: { items: { type: 'array', items: { properties: { photo: { $ref: '../defs/image.schema.json' } } } } } };
      const blocks = [{ type: 'gallery', file: path.join(copy, 'schemas/blocks/gallery.schema.json'), schema }];
      const isPicture = (file: string) => file === path.join(copy, 'schemas/defs/image.schema.json');
      await expect(blockRegistries(copy, blocks, isPicture, '')).rejects.toThrow('add blocks/gallery/gallery.picture.ts exporting its pictureLayout');

      await writeFile(path.join(copy, 'blocks/gallery/gallery.picture.ts'), '');
      const files = await blockRegistries(copy, blocks, isPicture, '');
      expect(files.get('picture-layouts.ts')).toContain("import { pictureLayout as gallery } from '../../blocks/gallery/gallery.picture.ts';");
      expect(files.get('picture-layouts.ts')).toContain('\n  gallery,\n');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('makes a property with a schema default required: components receive it filled in', async () => {
    const counters = await generated('blocks/counters.ts');
    expect(counters).toMatch(/\n {2}separator: string;/); // the block's own props
    expect(counters).toMatch(/\n {2}duration: number;/); // the props of its items
    expect(counters).toMatch(/\n {2}heading\?: string;/); // no default: optional as before
  });

  it('finds defaults at every depth: array items, $defs, nested objects', () => {
    const schema = {
      type: 'object',
      required: ['items'],
      properties: {
        items: { type: 'array', items: { $ref: '#/$defs/item' } },
        mode: { enum: ['a', 'b'], default: 'a' },
        box: { type: 'object', properties: { size: { type: 'integer', default: 3 }, name: { type: 'string' } } },
      },
      $defs: { item: { type: 'object', required: ['label'], properties: { label: { type: 'string' }, open: { type: 'boolean', default: false } } } },
      examples: [{ properties: { x: { default: 1 } } }],
    };
    expect(requireDefaulted(schema)).toEqual({
      ...schema,
      required: ['items', 'mode'],
      properties: { ...schema.properties, box: { ...schema.properties.box, required: ['size'] } },
      $defs: { item: { ...schema.$defs.item, required: ['label', 'open'] } },
    });
  });

  it('--check notices a stale, a missing and an extra generated file; a run repairs them', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'gen-types-'));
    try {
      for (const dir of ['scripts', 'schemas', 'src/generated', 'src/features/enquiry', 'src/model', 'blocks']) await cp(path.join(root, dir), path.join(copy, dir), { recursive: true });
      await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
      const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-types.ts', ...args], { cwd: copy, encoding: 'utf8' });
      await writeFile(path.join(copy, 'src/generated/blocks/faq.ts'), '// edited by hand\n');
      await rm(path.join(copy, 'src/generated/blocks/hero.ts'));
      await writeFile(path.join(copy, 'src/generated/blocks/retired-block.ts'), '// its schema is gone\n');

      const check = run('--check');
      expect(check.status).toBe(1);
      expect(check.stderr).toContain('src/generated/blocks/faq.ts\n');
      expect(check.stderr).toContain('src/generated/blocks/hero.ts (missing)');
      expect(check.stderr).toContain('src/generated/blocks/retired-block.ts (no schema makes it any more)');
      expect(check.stderr).toContain('Run `npm run gen:types`');

      const write = run();
      expect(write.status, write.stderr).toBe(0);
      expect(write.stdout).toContain('removed src/generated/blocks/retired-block.ts');
      expect(run('--check').status).toBe(0);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 60_000);
});
