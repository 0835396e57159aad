/**
 * A generated site for the scale benchmark: the real schemas, public/ and page documents, plus `copies` copies
 * of the static pages under new names and paths (with unique titles and descriptions), routed in pages.json.
 * With `buildable`, the directory is a copy of the whole project (sources, scripts, config; node_modules
 * linked), so `npm run build` and `npm run validate` run in it as they do here.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What a build reads besides the content; copied rather than linked, since Vite and Node resolve links to their real path (and `../../pages.json` with them). */
const projectFiles = ['src', 'blocks', 'server', 'scripts', 'migrations', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

export interface GeneratedSite {
  dir: string;
  /** Every page document, the originals included. */
  pages: number;
  /** A generated page: its document (relative to `dir`; the rebuild benchmark edits it), its path and the page it copies. */
  sample: { document: string; path: string; copies: string };
}

export async function generateSite(root: string, copies: number, { buildable = false } = {}): Promise<GeneratedSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-site-'));
  await cp(path.join(root, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  // The page documents are at the recorded block versions; without the record they would count as behind.
  await cp(path.join(root, 'content-versions.json'), path.join(dir, 'content-versions.json')).catch(() => undefined);
  if (buildable) {
    await cp(path.join(root, 'public'), path.join(dir, 'public'), { recursive: true });
    for (const name of projectFiles) await cp(path.join(root, name), path.join(dir, name), { recursive: true });
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  } else {
    await symlink(path.join(root, 'public'), path.join(dir, 'public'));
  }
  await mkdir(path.join(dir, 'pages'));
  const site = JSON.parse(await readFile(path.join(root, 'pages.json'), 'utf8')) as { routes: Array<{ path: string; page: string }> };
  const sources = (await readdir(path.join(root, 'pages'))).filter((n) => n.endsWith('.json'));
  const documents = await Promise.all(sources.map(async (n) => ({ name: n.slice(0, -5), text: await readFile(path.join(root, 'pages', n), 'utf8') })));
  await Promise.all(documents.map((d) => writeFile(path.join(dir, 'pages', `${d.name}.json`), d.text)));
  // Only static pages are copied: their links still resolve, since the original routes stay.
  const copyable = documents.filter((d) => site.routes.some((r) => r.page === d.name && !r.path.includes(':')));
  for (let i = 0; i < copies; i++) {
    const source = copyable[i % copyable.length]!;
    const doc = JSON.parse(source.text) as { title: string; description: string };
    // Unique, and within the schema's limits (70 and 170 characters).
    doc.title = `${doc.title.slice(0, 60)} #${i + 1}`;
    doc.description = `${doc.description.slice(0, 160)} #${i + 1}`;
    await writeFile(path.join(dir, 'pages', `generated-${i + 1}.json`), JSON.stringify(doc, null, 2));
    site.routes.push({ path: `/generated/${i + 1}`, page: `generated-${i + 1}` });
  }
  await writeFile(path.join(dir, 'pages.json'), JSON.stringify(site, null, 2));
  const first = copyable[0]!.name;
  const sample = copies > 0 ? { document: 'pages/generated-1.json', path: '/generated/1', copies: first } : { document: `pages/${first}.json`, path: site.routes.find((r) => r.page === first)!.path, copies: first };
  return { dir, pages: documents.length + copies, sample };
}
