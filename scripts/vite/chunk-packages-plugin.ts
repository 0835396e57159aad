/**
 * Production client build: writes dist/.vite/chunk-packages.json, for each JavaScript chunk the bytes (minified,
 * before compression) each source contributes, grouped by npm package or by the project's folder
 * ("react-dom", "formik", "blocks/counters", "enhance/site-header", "src/render"), so the bench can say which package each chunk a
 * route downloads is for (scripts/bench/chunk-names.ts). Nothing in the browser reads it.
 */
import type { Plugin } from 'vite';

export const CHUNK_PACKAGES_FILE = '.vite/chunk-packages.json';

/** The package a module id belongs to, or its project folder (two levels: "blocks/faq", "src/render"). */
function sourceGroup(id: string): string {
  const clean = id.replace(/\?.*$/, '').replaceAll('\\', '/');
  const inPackage = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(clean);
  if (inPackage) return inPackage[1]!;
  const enhance = /\/blocks\/([^/]+)\/[^/]+\.enhance\.ts$/.exec(clean);
  if (enhance) return `enhance/${enhance[1]}`;
  const inProject = /\/(blocks|src|scripts)\/([^/]+)/.exec(clean);
  if (inProject) return `${inProject[1]}/${inProject[2]!.replace(/\.[^.]+$/, '')}`;
  return clean.startsWith('\0') ? 'bundler' : clean.split('/').slice(-1)[0]!;
}

export function chunkPackagesPlugin(): Plugin {
  return {
    name: 'chunk-packages',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const table: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const groups: Record<string, number> = {};
        for (const [id, module] of Object.entries(output.modules)) {
          const group = sourceGroup(id);
          groups[group] = (groups[group] ?? 0) + module.renderedLength;
        }
        table[output.fileName] = groups;
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_PACKAGES_FILE, source: JSON.stringify(table) });
    },
  };
}
