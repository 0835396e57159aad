/**
 * What each chunk a route downloads is for, from the build's dist/.vite/chunk-packages.json
 * (scripts/vite/chunk-packages-plugin.ts): its sources grouped into families a reader knows (the runtime, React,
 * react-slick with the small packages it brings, a block, the kit …), by bytes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHUNK_PACKAGES_FILE } from '../vite/chunk-packages-plugin.ts';

/** The chosen packages (issue 45): a page may load them only when one of its blocks needs them to work. */
export const CHOSEN_PACKAGES = ['react-slick', 'react-countup', 'swr'] as const;
/** Never before the visitor touches a form (or an article's HTML has to be cleaned in the browser). */
export const FORM_AND_PARSER_FAMILIES = ['formik', 'yup', 'react-toastify', 'htmlparser2/sanitiser'] as const;

/** Packages that come with another: their bytes count for it. */
const FAMILY_OF_PACKAGE: Record<string, string> = {
  react: 'react',
  'react-dom': 'react',
  scheduler: 'react',
  classnames: 'react-slick',
  json2mq: 'react-slick',
  'string-convert': 'react-slick',
  'lodash.debounce': 'react-slick',
  'enquire.js': 'react-slick',
  'resize-observer-polyfill': 'react-slick',
  'countup.js': 'react-countup',
  dequal: 'swr',
  'use-sync-external-store': 'swr',
  'lodash-es': 'formik',
  deepmerge: 'formik',
  'react-fast-compare': 'formik',
  'tiny-warning': 'formik',
  'hoist-non-react-statics': 'formik',
  'react-is': 'formik',
  'property-expr': 'yup',
  'tiny-case': 'yup',
  toposort: 'yup',
  clsx: 'react-toastify',
  htmlparser2: 'htmlparser2/sanitiser',
  entities: 'htmlparser2/sanitiser',
  domhandler: 'htmlparser2/sanitiser',
  domutils: 'htmlparser2/sanitiser',
  'dom-serializer': 'htmlparser2/sanitiser',
  domelementtype: 'htmlparser2/sanitiser',
  'lucide-react': 'icons',
};

const RUNTIME_GROUPS = new Set(['bundler', 'index.html', 'pages.json', 'src/boot', 'src/loader', 'src/render', 'src/model', 'src/generated', 'src/styles']);

function familyOf(group: string): string {
  if (group.startsWith('enhance/')) return `enhance ${group.slice('enhance/'.length)}`;
  if (group.startsWith('blocks/')) return `block ${group.slice('blocks/'.length)}`;
  if (RUNTIME_GROUPS.has(group)) return 'runtime';
  if (group === 'src/kit' || group === 'src/features') return 'kit';
  return FAMILY_OF_PACKAGE[group] ?? group;
}

export interface ChunkName {
  /** Families by minified bytes, largest first. */
  families: Array<{ family: string; bytes: number }>;
  /** The largest family: what the chunk is for. */
  main: string;
  /** "react-slick 88%, kit 8%": the families of at least a twentieth of it. */
  label: string;
}

export async function readChunkNames(distDir: string): Promise<(file: string) => ChunkName> {
  const table = JSON.parse(await readFile(path.join(distDir, CHUNK_PACKAGES_FILE), 'utf8').catch(() => '{}')) as Record<string, Record<string, number>>;
  return (file) => {
    const sums = new Map<string, number>();
    for (const [group, bytes] of Object.entries(table[file.replace(/^\//, '')] ?? {})) sums.set(familyOf(group), (sums.get(familyOf(group)) ?? 0) + bytes);
    const families = [...sums].map(([family, bytes]) => ({ family, bytes })).sort((a, b) => b.bytes - a.bytes);
    const total = families.reduce((sum, f) => sum + f.bytes, 0) || 1;
    const shown = families.filter((f) => f.bytes / total >= 0.05).map((f) => `${f.family} ${Math.round((100 * f.bytes) / total)}%`);
    const main = families[0]?.family ?? (file.startsWith('(') ? 'runtime' : 'unknown (no entry in chunk-packages.json: build again)');
    return { families, main, label: shown.join(', ') || main };
  };
}
