/**
 * npm run new:block <name>
 * Scaffolds a block type: its schema, and its folder with the component, stylesheet and unit test, then runs
 * gen:types, which adds it to the registries. A block that loads data on the server adds <name>.server.ts to
 * its folder (src/kit/block-server.ts) and runs gen:types again.
 * Checks everything before writing, so a refusal leaves the repository untouched.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseFlags } from './cli-flags.ts';

const usage = `Usage: npm run new:block <name>

Scaffolds a block type named <name> (kebab-case, e.g. price-table): its schema, component, stylesheet and unit
test, then runs gen:types, which registers it. Refuses, writing nothing, when the name is taken or not kebab-case.
  --help   this text
Exit 0 when scaffolded, 1 when refused, 2 for an unknown flag.`;

const root = path.resolve(import.meta.dirname, '..');
const registryFile = 'src/generated/block-registry.ts';

function refuse(what: string, todo: string): never {
  console.error(`new:block: ${what}\n${todo}`);
  process.exit(1);
}

const name = parseFlags('new:block', usage, {}, process.argv.slice(2), 1).positionals[0];
if (!name) refuse('no block type name given.', 'Run it with a kebab-case name, e.g. `npm run new:block price-table`.');
if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name)) {
  refuse(`"${name}" is not a kebab-case name.`, 'Use lowercase letters and digits, words separated by single hyphens, starting with a letter, e.g. `npm run new:block price-table`.');
}

const pascal = name
  .split('-')
  .map((w) => w[0]!.toUpperCase() + w.slice(1))
  .join('');
const words = name.replace(/-/g, ' ');
const title = words[0]!.toUpperCase() + words.slice(1);

const rel = {
  schema: `schemas/blocks/${name}.schema.json`,
  dir: `blocks/${name}`,
  component: `blocks/${name}/${name}.tsx`,
  css: `blocks/${name}/${name}.module.css`,
  test: `blocks/${name}/${name}.test.tsx`,
};

const taken = [existsSync(path.join(root, rel.schema)) && rel.schema, existsSync(path.join(root, rel.dir)) && `${rel.dir}/`].filter(Boolean);
if (taken.length > 0) {
  refuse(`block type "${name}" already exists (${taken.join(', ')}).`, 'Pick another name, or edit the existing block instead of scaffolding it again.');
}
if (existsSync(path.join(root, rel.test))) {
  refuse(`${rel.test} already exists.`, 'Pick another name, or move that test aside first.');
}
// Written as text to keep the layout of the hand-written schemas (short arrays and properties on one line).
const exampleHeading = `${title}: replace this heading`;
const schema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "${pascal}Props",
  "description": "${title}: replace this description with what the block shows and when a page uses it.",
  "x-placement": ["page", "fragment"],
  "x-title": "${title}",
  "x-summary": "${title}: replace this line with what the block shows, in an editor's words.",
  "type": "object",
  "additionalProperties": false,
  "required": ["heading"],
  "properties": {
    "heading": { "type": "string", "minLength": 1, "description": "The section heading, as an h2." }
  },
  "examples": [
    {
      "heading": "${exampleHeading}"
    }
  ]
}
`;

const component = `import type { ${pascal}Props } from '../../src/generated/block-props';
import { Section } from '../../src/kit/section';
import styles from './${name}.module.css';

/** ${title}: replace this comment with what the block shows. The renderer adds data-block and id around it. */
export default function ${pascal}({ heading }: ${pascal}Props) {
  return <Section heading={heading} tone="surface" className={styles.section} />;
}
`;

const css = `/* The band's spacing and background are the kit's Section (src/kit/section.css); this block's own look goes here. */
.section {
  color: var(--color-ink);
}
`;

const test = `import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ${pascal} from './${name}';
import type { ${pascal}Props } from '../../src/generated/block-props';
import { withDefaults, type AuthoredProps } from '../../tests/unit/fixtures/with-defaults';
import schema from '../../schemas/blocks/${name}.schema.json';

// The example as a page delivers it to the component: schema defaults filled in. JSON imports type enums as
// string and lists as arrays, not the literal unions and tuples (minItems) of ${pascal}Props: withDefaults checks it.
const props = withDefaults('${name}', schema.examples[0] as unknown as AuthoredProps<${pascal}Props>);

describe('${name}', () => {
  it('renders the heading of the schema example as an h2', () => {
    render(<${pascal} {...props} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(props.heading);
  });
});
`;

await mkdir(path.join(root, rel.dir), { recursive: true });
await writeFile(path.join(root, rel.schema), schema);
await writeFile(path.join(root, rel.component), component);
await writeFile(path.join(root, rel.css), css);
await writeFile(path.join(root, rel.test), test);

// gen-types.ts runs on import and exits the process, so it runs as its own process.
const gen = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-types.ts'], { cwd: root, stdio: 'inherit' });

console.log(`
Scaffolded block type "${name}":
  ${rel.schema}
  ${rel.component}
  ${rel.css}
  ${rel.test}
  ${registryFile}, src/generated/blocks/${name}.ts, src/generated/block-props.ts, schemas/block.schema.json (${gen.status === 0 ? 'regenerated' : 'NOT regenerated'})

Next steps:
  1. Edit ${rel.schema}: its description, its properties and the example.
  2. Run npm run gen:types to update ${pascal}Props, then build the component and its styles.
  3. Add { "type": "${name}", "id": "${name}", "props": { ... } } to a page in pages/ (the id is its anchor, unique on the page), run npm run validate.
  4. See it in the block gallery at /__blocks under npm run dev, and on the page itself.
  5. If it shows data from a service, load it on the server in ${rel.dir}/${name}.server.ts (see src/kit/block-server.ts), then npm run gen:types.
  6. It is server HTML only: if it reacts to the visitor (a carousel, a form, a count), give its schema "x-hydrate": "visible" (or "load", "idle", or "interaction" for a form) and run npm run gen:types; docs/architecture.md, "Hydration: islands", says which.
  7. Run npm run typecheck and npm run test:unit.`);

if (gen.status !== 0) {
  console.error('\ngen:types failed (see above): fix the schema, then run npm run gen:types.');
  process.exit(1);
}
