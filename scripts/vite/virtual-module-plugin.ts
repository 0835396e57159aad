/**
 * A virtual module made from files of the project: its code is built when first imported, and built again (the
 * importers updated) when one of those files changes in the dev server.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export interface VirtualModule {
  /** The plugin's name and the id imported ("virtual:route-patterns"). */
  name: string;
  id: string;
  /** The module's code and the files it was made from (watched), given the project root. */
  build(root: string): { code: string; files: string[] };
  /** Whether a changed file (absolute) bears on the module: a new file among those it would read, too. */
  dependsOn(file: string, root: string): boolean;
  apply?: Plugin['apply'];
}

export function virtualModulePlugin({ name, id, build, dependsOn, apply }: VirtualModule): Plugin {
  const resolved = `\0${id}`;
  let root = '';
  return {
    name,
    ...(apply ? { apply } : {}),
    configResolved(config) {
      root = config.root;
    },
    resolveId: (requested) => (requested === id ? resolved : null),
    load(loaded) {
      if (loaded !== resolved) return null;
      const { code, files } = build(root);
      for (const file of files) this.addWatchFile(file);
      return code;
    },
    hotUpdate({ file, modules }) {
      if (!dependsOn(path.resolve(file), root)) return;
      const virtual = this.environment.moduleGraph.getModuleById(resolved);
      return virtual ? [...modules, virtual] : modules;
    },
  };
}
