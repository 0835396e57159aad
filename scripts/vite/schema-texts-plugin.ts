/**
 * `virtual:schema-texts`: the text of every schema file under schemas/, in one module. The editor reads all of them
 * when it opens; as one module per file they were sixty requests, half of everything it loaded, queued six at a
 * time on the dev server's connections. The dev server's editor reads it; the studio's editor build too
 * (scripts/build-studio.ts, `apply` 'build').
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { virtualModulePlugin } from './virtual-module-plugin.ts';
import { SCHEMA_SUFFIX, schemaTexts } from '../schema-texts.ts';

export const schemaTextsPlugin = (apply: Plugin['apply'] = 'serve'): Plugin =>
  virtualModulePlugin({
    name: 'schema-texts',
    id: 'virtual:schema-texts',
    apply,
    build(root) {
      const dir = path.join(root, 'schemas');
      const texts = schemaTexts(dir);
      return { code: `export const schemaTexts = ${JSON.stringify(texts)};`, files: Object.keys(texts).map((f) => path.join(dir, f)) };
    },
    dependsOn: (file, root) => file.endsWith(SCHEMA_SUFFIX) && file.startsWith(path.join(root, 'schemas') + path.sep),
  });
