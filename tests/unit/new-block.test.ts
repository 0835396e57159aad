// @vitest-environment node
/**
 * npm run new:block, end to end in a temporary copy of the repository (never in the real one): refusals write
 * nothing, and a scaffolded block passes validate, typecheck, gen:types --check and its own unit test, also once
 * its schema has lists, nested objects and enums. The names scaffolded are ones nobody would keep (zz-…), so a
 * developer's own block never collides with them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TIMEOUT } from '../timeouts';

const root = path.resolve(import.meta.dirname, '../..');
const skipped = new Set(['node_modules', 'dist', 'dist-server', '.git', '.data', '.screenshots']);
let copy = '';

// The nested vitest must not think it is a worker of this one; plain output so it can be matched.
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'FORCE_COLOR')), NO_COLOR: '1' };

function run(args: string[]) {
  const result = spawnSync(args[0]!, args.slice(1), { cwd: copy, env, encoding: 'utf8', timeout: 5 * UI_TIMEOUT });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}
const node = (...args: string[]) => run([process.execPath, ...args]);
const newBlock = (...args: string[]) => node('--import', 'tsx', 'scripts/new-block.ts', ...args);

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
}, 2 * UI_TIMEOUT);

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('npm run new:block', () => {
  it.each([
    [[], 1, /no block type name given/],
    [['ZzScaffoldProbe'], 1, /"ZzScaffoldProbe" is not a kebab-case name/],
    [['PriceTable'], 1, /"PriceTable" is not a kebab-case name[\s\S]*price-table/],
    [['price_table'], 1, /"price_table" is not a kebab-case name/],
    [['price--table'], 1, /not a kebab-case name/],
    [['hero'], 1, /block type "hero" already exists[\s\S]*Pick another name/],
    // Usage errors: an unknown flag, a second name.
    [['zz-scaffold-probe', '--force'], 2, /new:block: unknown flag "--force"\./],
    [['zz-scaffold-probe', 'zz-other'], 2, /unexpected argument "zz-other"/],
  ])(
    'refuses %j with exit %i, says why and writes nothing',
    async (args, exitCode, message) => {
      const before = await snapshot();
      const { status, output } = newBlock(...args);
      expect(status, output).toBe(exitCode);
      expect(output).toMatch(message);
      expect(await snapshot()).toEqual(before);
    },
    2 * UI_TIMEOUT,
  );

  it(
    '--help prints the usage',
    () => {
      const help = newBlock('--help');
      expect(help.status, help.output).toBe(0);
      expect(help.output).toContain('Usage: npm run new:block <name>');
    },
    2 * UI_TIMEOUT,
  );

  it(
    'scaffolds zz-scaffold-probe: schema, component, stylesheet, unit test, registry entry and generated types',
    async () => {
      const scaffold = newBlock('zz-scaffold-probe');
      expect(scaffold.status, scaffold.output).toBe(0);
      expect(scaffold.output).toContain('Next steps');

      for (const file of ['schemas/blocks/zz-scaffold-probe.schema.json', 'blocks/zz-scaffold-probe/zz-scaffold-probe.tsx', 'blocks/zz-scaffold-probe/zz-scaffold-probe.module.css', 'blocks/zz-scaffold-probe/zz-scaffold-probe.test.tsx']) {
        expect(existsSync(path.join(copy, file)), file).toBe(true);
      }
      const schema = JSON.parse(await readFile(path.join(copy, 'schemas/blocks/zz-scaffold-probe.schema.json'), 'utf8'));
      expect(schema.title).toBe('ZzScaffoldProbeProps');
      expect(schema.examples[0].heading).toBe('Zz scaffold probe: replace this heading');
      expect(schema['x-placement']).toEqual(['page', 'fragment']);
      expect(schema['x-title']).toBe('Zz scaffold probe');
      expect(scaffold.output).toContain('3. Add { "type": "zz-scaffold-probe", "id": "zz-scaffold-probe", "props": { ... } } to a page in pages/');

      const registry = await readFile(path.join(copy, 'src/generated/block-registry.ts'), 'utf8');
      expect(registry).toContain("\n  'zz-scaffold-probe': { component: () => import('../../blocks/zz-scaffold-probe/zz-scaffold-probe'), hydrate: 'none' },\n} satisfies BlockRegistry;");
      expect(await readFile(path.join(copy, 'src/generated/blocks/zz-scaffold-probe.ts'), 'utf8')).toContain('export interface ZzScaffoldProbeProps');
      expect(await readFile(path.join(copy, 'src/generated/block-props.ts'), 'utf8')).toContain("export type * from './blocks/zz-scaffold-probe';");

      // A second run refuses: the type now exists.
      const again = newBlock('zz-scaffold-probe');
      expect(again.status).toBe(1);
      expect(again.output).toContain('already exists');
    },
    6 * UI_TIMEOUT,
  );

  it(
    'scaffolds a block whose schema then grows a list (minItems: a tuple type), a nested object and enums',
    async () => {
      const name = 'zz-scaffold-probe-lists';
      const scaffold = newBlock(name);
      expect(scaffold.status, scaffold.output).toBe(0);
      // What a developer makes of the scaffold: the heading stays, the rest of the shape is theirs.
      const text = (description: string) => ({ type: 'string', minLength: 1, description });
      await writeFile(
        path.join(copy, `schemas/blocks/${name}.schema.json`),
        `${JSON.stringify(
          {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            title: 'ZzScaffoldProbeListsProps',
            description: 'A probe of the scaffold: plans in a list, a nested layout object and enums.',
            'x-placement': ['page', 'fragment'],
            type: 'object',
            additionalProperties: false,
            required: ['heading', 'plans', 'layout', 'tone'],
            properties: {
              heading: text('The section heading, as an h2.'),
              plans: {
                type: 'array',
                minItems: 2,
                description: 'The plans, at least two.',
                items: {
                  title: 'ZzScaffoldProbePlan',
                  type: 'object',
                  additionalProperties: false,
                  required: ['name', 'price'],
                  properties: {
                    name: text('The plan name.'),
                    price: { type: 'number', minimum: 0, description: 'The monthly price.' },
                    features: { type: 'array', items: text('One feature.'), description: 'What it includes.' },
                    badge: { enum: ['new', 'popular'], description: 'A label on the card.' },
                  },
                },
              },
              layout: {
                title: 'ZzScaffoldProbeLayout',
                type: 'object',
                additionalProperties: false,
                required: ['columns'],
                description: 'How the plans are laid out.',
                properties: {
                  columns: { type: 'integer', minimum: 1, description: 'Columns on wide screens.' },
                  align: { enum: ['start', 'center'], default: 'start', description: 'Where the cards align.' },
                },
              },
              tone: { enum: ['light', 'dark'], description: 'The colour scheme.' },
              cta: { $ref: '../defs/link.schema.json', description: 'A button under the plans.' },
            },
            examples: [
              {
                heading: 'Plans for every team',
                plans: [
                  { name: 'Basic', price: 10, features: ['E-mail support'], badge: 'new' },
                  { name: 'Pro', price: 20 },
                ],
                layout: { columns: 2 },
                tone: 'dark',
                cta: { label: 'Compare plans', href: '/contact' },
              },
            ],
          },
          null,
          2,
        )}\n`,
      );
      const gen = node('--import', 'tsx', 'scripts/gen-types.ts');
      expect(gen.status, gen.output).toBe(0);
      expect(await readFile(path.join(copy, `src/generated/blocks/${name}.ts`), 'utf8')).toMatch(/plans: \[ZzScaffoldProbePlan, ZzScaffoldProbePlan, \.\.\.ZzScaffoldProbePlan\[\]\]/);
    },
    6 * UI_TIMEOUT,
  );

  // One typecheck and one nested vitest for both scaffolds above: each costs the better part of a minute.
  it(
    'both scaffolded blocks pass validate, typecheck, gen:types --check, the format check, the registry test and their own tests',
    async () => {
      const checks = {
        validate: node('--import', 'tsx', 'scripts/validate.ts'),
        typecheck: node('node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'),
        'gen:types --check': node('--import', 'tsx', 'scripts/gen-types.ts', '--check'),
        // npm test checks the code's format: a scaffold must not start out failing it.
        'format:check': node('node_modules/prettier/bin/prettier.cjs', '--check', 'blocks/zz-scaffold-probe', 'blocks/zz-scaffold-probe-lists'),
        // The registry test renders every schema example and checks that schemas, folders and registry agree.
        'unit tests': node(
          'node_modules/vitest/vitest.mjs',
          'run',
          '--project',
          'unit',
          'blocks/zz-scaffold-probe/zz-scaffold-probe.test.tsx',
          'blocks/zz-scaffold-probe-lists/zz-scaffold-probe-lists.test.tsx',
          'tests/unit/registry.test.tsx',
        ),
      };
      for (const [name, { status, output }] of Object.entries(checks)) expect(status, `${name}:\n${output}`).toBe(0);
      expect(checks['unit tests'].output).toMatch(/Test Files\s+3 passed/);
    },
    6 * UI_TIMEOUT,
  );
});
