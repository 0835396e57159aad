/**
 * `virtual:schema-texts`: the text of every schema file under schemas/, in one module. The editor reads all of them
 * when it opens; as one module per file they were sixty requests, half of everything it loaded, queued six at a
 * time on the dev server's connections.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:schema-texts';
const RESOLVED = `\0${ID}`;
const SUFFIX = '.schema.json';

/** Each schema file's text, keyed by its path inside schemas/ ("blocks/hero.schema.json"), in path order. */
function schemaTexts(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(SUFFIX))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
}

export function schemaTextsPlugin(): Plugin {
  let dir = '';
  return {
    name: 'schema-texts',
    apply: 'serve',
    configResolved(config) {
      dir = path.join(config.root, 'schemas');
    },
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const texts = schemaTexts(dir);
      for (const file of Object.keys(texts)) this.addWatchFile(path.join(dir, file));
      return `export const schemaTexts = ${JSON.stringify(texts)};`;
    },
    hotUpdate({ file, modules }) {
      if (!file.endsWith(SUFFIX) || !path.resolve(file).startsWith(dir + path.sep)) return;
      const virtual = this.environment.moduleGraph.getModuleById(RESOLVED);
      return virtual ? [...modules, virtual] : modules;
    },
  };
}
