/**
 * The registries made from the block folders (blocks/<type>/), each keyed by block type:
 *   block-registry.ts    the browser's: its component (required), how it hydrates (its schema's "x-hydrate") and
 *                        its enhance module, <type>.enhance.ts
 *   server-registry.ts   the types with a server module, <type>.server.ts
 *   picture-layouts.ts   how wide each block shows its pictures, <type>.picture.ts, for the content check; a block
 *                        whose schema has a picture (a $ref to a def marked "x-picture") must have one
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_HYDRATION, type HydrationMode } from '../../src/model/hydration.ts';

export interface BlockFolder {
  type: string;
  /** Its schema file, to resolve its relative $refs. */
  file: string;
  /** Its schema, as read. */
  schema: unknown;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
/** An object key as prettier writes it: bare when it is an identifier, quoted when hyphenated. */
const objectKey = (type: string) => (type.includes('-') ? `'${type}'` : type);
const camel = (type: string) => type.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Whether the schema refers, anywhere inside it, to a schema file `isPicture` says is a picture. */
export function refersToPicture(schema: unknown, file: string, isPicture: (refFile: string) => boolean): boolean {
  if (Array.isArray(schema)) return schema.some((item) => refersToPicture(item, file, isPicture));
  if (schema === null || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, value]) => (key === '$ref' && typeof value === 'string' ? !value.startsWith('#') && isPicture(path.resolve(path.dirname(file), value)) : refersToPicture(value, file, isPicture)));
}

/** The files (by name under src/generated/) and their text; throws, naming the file to add, when a block lacks one. */
export async function blockRegistries(root: string, blocks: BlockFolder[], isPicture: (refFile: string) => boolean, banner: string): Promise<Map<string, string>> {
  const has = (type: string, suffix: string) => exists(path.join(root, 'blocks', type, `${type}${suffix}`));
  const withServer: string[] = [];
  const withEnhance = new Set<string>();
  const withPictures: string[] = [];
  for (const { type, file, schema } of blocks) {
    if (!(await has(type, '.tsx'))) {
      throw new Error(`schemas/blocks/${type}.schema.json has no component: add blocks/${type}/${type}.tsx (npm run new:block scaffolds one), or remove the schema.`);
    }
    if (await has(type, '.server.ts')) withServer.push(type);
    if (await has(type, '.enhance.ts')) withEnhance.add(type);
    if (await has(type, '.picture.ts')) withPictures.push(type);
    else if (refersToPicture(schema, file, isPicture)) {
      throw new Error(
        `schemas/blocks/${type}.schema.json has a picture, so the content check needs to know how wide the block shows it: add blocks/${type}/${type}.picture.ts exporting its pictureLayout (src/kit/picture-layout.ts), read off the block's CSS, and pass that to <Picture layout>.`,
      );
    }
  }
  const hydration = (schema: unknown) => (schema as { 'x-hydrate'?: HydrationMode })['x-hydrate'] ?? DEFAULT_HYDRATION;
  const browserEntry = ({ type: t, schema }: BlockFolder) => {
    const enhance = withEnhance.has(t) ? `, enhance: () => import('../../blocks/${t}/${t}.enhance')` : '';
    return `  ${objectKey(t)}: { component: () => import('../../blocks/${t}/${t}'), hydrate: '${hydration(schema)}'${enhance} },`;
  };
  const browser = [
    banner,
    '',
    "import type { BlockRegistry } from '../render/registry';",
    '',
    '/**',
    ' * Each block type in the browser: its component, loaded on demand (one chunk per block), how it hydrates (its',
    ' * schema\'s "x-hydrate") and its enhance module (blocks/<type>/<type>.enhance.ts), the behaviour it has without React.',
    ' */',
    'export const blockRegistry = {',
    ...blocks.map(browserEntry),
    '} satisfies BlockRegistry;',
    '',
  ];
  const server = [
    banner,
    '',
    "import type { ServerRegistry } from '../kit/block-server';",
    ...withServer.map((t) => `import * as ${camel(t)} from '../../blocks/${t}/${t}.server';`),
    '',
    '/** The block types with a server module (blocks/<type>/<type>.server.ts): a page with one of them renders on request. */',
    'export const serverRegistry = {',
    ...withServer.map((t) => `  ${objectKey(t)}: ${camel(t)},`),
    '} satisfies ServerRegistry;',
    '',
  ];
  // With extensions: the content check reads it in Node, where vite.config.ts is loaded too.
  const pictures = [
    banner,
    '',
    "import type { PictureLayout } from '../kit/picture-layout';",
    ...withPictures.map((t) => `import { pictureLayout as ${camel(t)} } from '../../blocks/${t}/${t}.picture.ts';`),
    '',
    '/** How wide each block that shows pictures shows them (blocks/<type>/<type>.picture.ts), for the content check. */',
    'export const pictureLayouts: Readonly<Record<string, PictureLayout>> = {',
    ...withPictures.map((t) => (camel(t) === t ? `  ${t},` : `  ${objectKey(t)}: ${camel(t)},`)),
    '};',
    '',
  ];
  return new Map([
    ['block-registry.ts', browser.join('\n')],
    ['server-registry.ts', server.join('\n')],
    ['picture-layouts.ts', pictures.join('\n')],
  ]);
}
