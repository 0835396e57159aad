/**
 * What the editor needs of the project besides the document it opens (GET /site, for the dev server's API and the
 * studio's): the page documents, the pictures under public/ with their sizes, and the pages that insert each fragment.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { readContentFile } from './content-files.ts';
import { imageSize } from './image-size.ts';
import { isPageName } from '../../src/model/page-name.ts';
import { pageFileOf, type PublicImage, type SiteRead } from '../../src/editor/shared/editor-contract.ts';

const IMAGE_EXTENSIONS = /\.(svg|png|jpe?g|webp|avif|gif)$/i;

/** The names of the page documents under pages/, sorted. */
export async function pageNames(root: string): Promise<string[]> {
  return (await readdir(path.join(root, 'pages')).catch(() => [] as string[])).flatMap((n) => (n.endsWith('.json') && isPageName(n.slice(0, -5)) ? [n.slice(0, -5)] : [])).sort();
}

async function listImages(root: string): Promise<PublicImage[]> {
  const publicDir = path.join(root, 'public');
  const files = await readdir(publicDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const images = files.filter((f) => f.isFile() && IMAGE_EXTENSIONS.test(f.name)).map((f) => path.join(f.parentPath, f.name));
  const sized = await Promise.all(images.map(async (file) => ({ src: `/${path.relative(publicDir, file).split(path.sep).join('/')}`, ...(await imageSize(file).catch(() => undefined)) })));
  return sized.sort((a, b) => a.src.localeCompare(b.src));
}

/** Fragment name → the pages whose documents insert it, so the editor can say who a fragment edit reaches. */
async function fragmentUse(root: string, pages: string[]): Promise<Record<string, string[]>> {
  const use: Record<string, string[]> = {};
  const texts = await Promise.all(pages.map((page) => readContentFile(root, pageFileOf(page)).catch(() => undefined)));
  for (const [i, page] of pages.entries()) {
    const text = texts[i];
    let blocks: unknown;
    try {
      blocks = (JSON.parse(text ?? '{}') as { blocks?: unknown }).blocks;
    } catch {
      continue; // a broken document is the content check's to report
    }
    for (const entry of Array.isArray(blocks) ? blocks : []) {
      const name = (entry as { fragment?: unknown } | null)?.fragment;
      if (typeof name === 'string' && !(use[name] ??= []).includes(page)) use[name].push(page);
    }
  }
  return use;
}

export async function readSiteFacts(root: string): Promise<SiteRead> {
  const pages = await pageNames(root);
  // The pictures' sizes (sharp) and the page files' reads go side by side: every page open waits for both.
  const [images, use] = await Promise.all([listImages(root), fragmentUse(root, pages)]);
  return { pages, images, fragmentUse: use };
}
