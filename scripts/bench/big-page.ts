/**
 * The long page both editor figures open (the dev editor's and the studio's): `count` blocks taken in turn from
 * the site's own pages, so every block is a real type with the site's real copy, each with an id of its own.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const BIG_PAGE = { name: 'bench-300', path: '/bench-300', blocks: 300 } as const;

async function bigPage(dir: string, count: number): Promise<unknown> {
  const names = ['home', 'about', 'customer-support', 'software-development', 'saas-software', 'careers'];
  const pool: Array<{ type: string; id?: string; props: unknown }> = [];
  for (const name of names) {
    const doc = JSON.parse(await readFile(path.join(dir, 'pages', `${name}.json`), 'utf8')) as { blocks: Array<{ type?: string; id?: string; props: unknown }> };
    for (const b of doc.blocks) if (b.type && b.type !== 'hero' && b.type !== 'page-hero') pool.push(b as { type: string; props: unknown });
  }
  const blocks = [{ type: 'page-hero', id: 'hero', props: { heading: 'Every block at once', text: 'A page for measuring the editor.' } }];
  for (let i = 1; i < count; i++) {
    const b = pool[i % pool.length]!;
    blocks.push({ ...b, id: `${b.id ?? b.type}-${i}` } as (typeof blocks)[number]);
  }
  return { title: 'Three hundred blocks | Editor bench', description: 'A generated page of three hundred blocks, for measuring how the editor keeps up with typing and editing.', blocks };
}

/** Writes the long page into the project at `dir` and routes it in its pages.json. */
export async function addBigPage(dir: string): Promise<void> {
  await writeFile(path.join(dir, 'pages', `${BIG_PAGE.name}.json`), `${JSON.stringify(await bigPage(dir, BIG_PAGE.blocks), null, 2)}\n`);
  const sitePath = path.join(dir, 'pages.json');
  const site = JSON.parse(await readFile(sitePath, 'utf8')) as { routes: unknown[] };
  site.routes.push({ path: BIG_PAGE.path, page: BIG_PAGE.name });
  await writeFile(sitePath, `${JSON.stringify(site, null, 2)}\n`);
}
