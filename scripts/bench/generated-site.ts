/**
 * A generated site of N pages for the validation benchmark: the real schemas, public/ and page documents,
 * with the documents copied round-robin under new names (and unique titles and descriptions) and routed.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function generateSite(root: string, pageCount: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-site-'));
  await cp(path.join(root, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  // The page documents are at the recorded block versions; without the record they would count as behind.
  await cp(path.join(root, 'content-versions.json'), path.join(dir, 'content-versions.json')).catch(() => undefined);
  await symlink(path.join(root, 'public'), path.join(dir, 'public'));
  await mkdir(path.join(dir, 'pages'));
  const site = JSON.parse(await readFile(path.join(root, 'pages.json'), 'utf8')) as { routes: Array<{ path: string; page: string }> };
  const sources = (await readdir(path.join(root, 'pages'))).filter((n) => n.endsWith('.json'));
  const documents = await Promise.all(sources.map(async (n) => ({ name: n.slice(0, -5), text: await readFile(path.join(root, 'pages', n), 'utf8') })));
  await Promise.all(documents.map((d) => writeFile(path.join(dir, 'pages', `${d.name}.json`), d.text)));
  // Only static pages are copied: their links still resolve, since the original routes stay.
  const copyable = documents.filter((d) => site.routes.some((r) => r.page === d.name && !r.path.includes(':')));
  const extra = Math.max(0, pageCount - documents.length);
  for (let i = 0; i < extra; i++) {
    const source = copyable[i % copyable.length]!;
    const doc = JSON.parse(source.text) as { title: string; description: string };
    // Unique, and within the schema's limits (70 and 170 characters).
    doc.title = `${doc.title.slice(0, 60)} #${i + 1}`;
    doc.description = `${doc.description.slice(0, 160)} #${i + 1}`;
    await writeFile(path.join(dir, 'pages', `generated-${i + 1}.json`), JSON.stringify(doc, null, 2));
    site.routes.push({ path: `/generated/${i + 1}`, page: `generated-${i + 1}` });
  }
  await writeFile(path.join(dir, 'pages.json'), JSON.stringify(site, null, 2));
  return dir;
}
