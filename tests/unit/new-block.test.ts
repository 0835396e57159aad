// @vitest-environment node
/**
 * npm run new:block, end to end in a temporary copy of the repository (never in the real one): refusals write
 * nothing, and a scaffolded block passes validate, typecheck, gen:types --check and its own unit test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const skipped = new Set(['node_modules', 'dist', 'dist-server', '.git', '.data', '.screenshots']);
let copy = '';

// The nested vitest must not think it is a worker of this one; plain output so it can be matched.
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'FORCE_COLOR')), NO_COLOR: '1' };

function run(args: string[]) {
  const result = spawnSync(args[0]!, args.slice(1), { cwd: copy, env, encoding: 'utf8', timeout: 150_000 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}
const node = (...args: string[]) => run([process.execPath, ...args]);
const newBlock = (...args: string[]) => run(['npx', 'tsx', 'scripts/new-block.ts', ...args]);

/** Every file with its size and modification time, to show that a refusal wrote nothing. */
async function snapshot(dir = copy): Promise<string[]> {
  const lines: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (dir === copy && entry.name === 'node_modules') continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) lines.push(...(await snapshot(file)));
    else {
      const { size, mtimeMs } = await stat(file);
      lines.push(`${path.relative(copy, file)} ${size} ${mtimeMs}`);
    }
  }
  return lines.sort();
}

beforeAll(async () => {
  copy = await mkdtemp(path.join(tmpdir(), 'new-block-'));
  await cp(root, copy, { recursive: true, filter: (src) => !(path.dirname(src) === root && skipped.has(path.basename(src))) });
  await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
}, 60_000);

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('npm run new:block', () => {
  it.each([
    [[], /no block type name given/],
    [['PriceTable'], /"PriceTable" is not a kebab-case name[\s\S]*price-table/],
    [['price_table'], /"price_table" is not a kebab-case name/],
    [['price--table'], /not a kebab-case name/],
    [['hero'], /block type "hero" already exists[\s\S]*Pick another name/],
  ])('refuses %j with exit 1, says why and writes nothing', async (args, message) => {
    const before = await snapshot();
    const { status, output } = newBlock(...args);
    expect(status, output).toBe(1);
    expect(output).toMatch(message);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('scaffolds price-table, which passes validate, typecheck, gen:types --check, the registry test and its own test', async () => {
    const scaffold = newBlock('price-table');
    expect(scaffold.status, scaffold.output).toBe(0);
    expect(scaffold.output).toContain('Next steps');

    for (const file of [
      'schemas/blocks/price-table.schema.json',
      'blocks/price-table/price-table.tsx',
      'blocks/price-table/price-table.module.css',
      'blocks/price-table/price-table.test.tsx',
    ]) {
      expect(existsSync(path.join(copy, file)), file).toBe(true);
    }
    const schema = JSON.parse(await readFile(path.join(copy, 'schemas/blocks/price-table.schema.json'), 'utf8'));
    expect(schema.title).toBe('PriceTableProps');
    expect(schema.examples[0].heading).toBe('Price table: replace this heading');

    const registry = await readFile(path.join(copy, 'src/render/registry.ts'), 'utf8');
    expect(registry).toMatch(/'page-hero': .*\n {2}'price-table': \(\) => import\('\.\.\/\.\.\/blocks\/price-table\/price-table'\),\n {2}'revolve-cards'/);
    expect(await readFile(path.join(copy, 'src/generated/blocks/price-table.ts'), 'utf8')).toContain('export interface PriceTableProps');
    expect(await readFile(path.join(copy, 'src/generated/block-props.ts'), 'utf8')).toContain("export type * from './blocks/price-table';");

    const checks = {
      validate: node('--import', 'tsx', 'scripts/validate.ts'),
      typecheck: node('node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'),
      'gen:types --check': node('--import', 'tsx', 'scripts/gen-types.ts', '--check'),
      // The registry test renders every schema example and checks that schemas, folders and registry agree.
      'unit tests': node('node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', 'blocks/price-table/price-table.test.tsx', 'tests/unit/registry.test.tsx'),
    };
    for (const [name, { status, output }] of Object.entries(checks)) expect(status, `${name}:\n${output}`).toBe(0);
    expect(checks['unit tests'].output).toMatch(/Test Files\s+2 passed/);

    // A second run refuses: the type now exists.
    const again = newBlock('price-table');
    expect(again.status).toBe(1);
    expect(again.output).toContain('already exists');
  }, 180_000);
});
