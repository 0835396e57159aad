/**
 * The npm packages a block's component loads, directly or through the modules it imports (src/kit, src/features):
 * the bench's JS budget lets a route carry the form or carousel libraries only when one of its blocks loads them.
 * Read from the source, following relative imports; type-only imports load nothing and are skipped.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts'];

async function readModule(file: string): Promise<{ file: string; text: string } | undefined> {
  for (const extension of EXTENSIONS) {
    const text = await readFile(file + extension, 'utf8').catch(() => undefined);
    if (text !== undefined) return { file: file + extension, text };
  }
  return undefined;
}

/** The bare package names ("formik", "react-slick") the block's component reaches. */
export async function blockPackages(root: string, type: string): Promise<Set<string>> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [path.join(root, 'blocks', type, type)];
  while (pending.length > 0) {
    const module = await readModule(pending.pop()!);
    if (!module || seen.has(module.file) || !/\.tsx?$/.test(module.file)) continue;
    seen.add(module.file);
    for (const [, specifier] of module.text.matchAll(IMPORT)) {
      if (specifier!.startsWith('.')) pending.push(path.resolve(path.dirname(module.file), specifier!));
      else packages.add(specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!);
    }
  }
  return packages;
}
