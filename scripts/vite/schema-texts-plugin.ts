/**
 * `virtual:schema-texts`: the text of every schema file under schemas/, in one module. The editor reads all of them
 * when it opens; as one module per file they were sixty requests, half of everything it loaded, queued six at a
 * time on the dev server's connections.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { virtualModulePlugin } from './virtual-module-plugin.ts';

const SUFFIX = '.schema.json';

/** Each schema file's text, keyed by its path inside schemas/ ("blocks/hero.schema.json"), in path order. */
function schemaTexts(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(SUFFIX))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
}

export const schemaTextsPlugin = (): Plugin =>
  virtualModulePlugin({
    name: 'schema-texts',
    id: 'virtual:schema-texts',
    apply: 'serve',
    build(root) {
      const dir = path.join(root, 'schemas');
      const texts = schemaTexts(dir);
      return { code: `export const schemaTexts = ${JSON.stringify(texts)};`, files: Object.keys(texts).map((f) => path.join(dir, f)) };
    },
    dependsOn: (file, root) => file.endsWith(SUFFIX) && file.startsWith(path.join(root, 'schemas') + path.sep),
  });
