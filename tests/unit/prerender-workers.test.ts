// @vitest-environment node
/**
 * The prerender's worker threads (scripts/prerender.ts, worker-pool.ts, prerender-worker.mjs, page-file.ts)
 * on a made-up render bundle: each page is written whole with its .br and .gz siblings by the workers; a page
 * that throws fails the run with its path, and leaves no half-written file in dist/ and no record of the run.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { prerenderSite } from '../../scripts/prerender.ts';
import { listFiles } from '../../scripts/list-files.ts';
import { distLayout, HEAD_MARKER, HTML_MARKER } from '../../src/model/dist-layout.ts';
import { UI_TIMEOUT } from '../timeouts.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A project whose render bundle knows `count` pages and throws while rendering `broken` (when given). */
async function madeUpProject(count: number, broken?: string) {
  dir = await mkdtemp(path.join(tmpdir(), 'prerender-workers-'));
  const [distDir, renderDir, cacheDir] = [path.join(dir, 'dist'), path.join(dir, 'dist-server/render'), path.join(dir, '.build-cache')];
  const routes = Array.from({ length: count }, (_, i) => ({ path: `/page/${i}`, page: `page-${i}` }));
  const site = { routes, notFoundPage: 'not-found', settings: { siteUrl: 'https://example.test' } };
  await mkdir(path.join(distDir, '.vite'), { recursive: true });
  await mkdir(renderDir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }');
  await writeFile(path.join(distDir, 'index.html'), `<html><head>${HEAD_MARKER}</head><body>${HTML_MARKER}</body></html>`);
  await writeFile(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/entry.js' }, 'blocks/form.tsx': { file: 'assets/form.js' } }));
  await writeFile(
    path.join(renderDir, distLayout.renderEntry),
    `export const siteConfig = ${JSON.stringify(site)};
export function readPagesFrom() {}
export async function renderRoute(path) {
  if (path === ${JSON.stringify(broken ?? null)}) throw new Error('pages/x.json blocks[0] threw while prerendering ' + path);
  const page = path === '/__not-found__' ? 'not-found' : 'page-' + path.split('/').pop();
  const onRequest = path === '/page/1';
  return { html: '<main>' + path + ' '.repeat(2000) + '</main>', head: '<title>' + path + '</title>', answer: { page }, status: page === 'not-found' ? 404 : 200, sourceFiles: { atStart: onRequest ? ['blocks/form.tsx'] : [], byIsland: {} }, rendersOnRequest: onRequest };
}
`,
  );
  const input = {
    root: dir,
    site: site as Parameters<typeof prerenderSite>[0]['site'],
    distDir,
    renderDir,
    pagesDir: path.join(dir, 'dist-server/pages'),
    pageHashes: new Map<string, string>(),
    cacheDir,
    compressedDir: path.join(cacheDir, 'compressed'),
    quality: 5,
    renderAll: true,
    routes: count,
  };
  return { input, distDir, renderDir, cacheDir };
}

/** Every page rendered, and page `n` written whole with the modules it needs, its siblings the same text compressed. */
async function expectEveryPageWhole(input: Parameters<typeof prerenderSite>[0], pages: number, distDir: string, n: number) {
  const result = await prerenderSite(input);
  expect(result.pages).toHaveLength(pages);
  expect(result.compressed.size).toBe(pages);
  const html = await readFile(path.join(distDir, `page/${n}/index.html`), 'utf8');
  expect(html).toMatch(new RegExp(`^<html><head><title>/page/${n}</title>\n {4}<meta name="app-modules" content="/assets/entry.js"></head><body><main>/page/${n} `));
  expect(brotliDecompressSync(await readFile(path.join(distDir, `page/${n}/index.html.br`))).toString()).toBe(html);
  expect(gunzipSync(await readFile(path.join(distDir, `page/${n}/index.html.gz`))).toString()).toBe(html);
}

describe('the prerender in worker threads', () => {
  it(
    'writes every page whole, with its compressed siblings and the modules it needs',
    async () => {
      const { input, distDir, renderDir } = await madeUpProject(30);
      await expectEveryPageWhole(input, 31, distDir, 7);
      expect(await readFile(path.join(distDir, distLayout.notFoundFile), 'utf8')).toContain('<main>/__not-found__');
      expect(await readFile(path.join(renderDir, distLayout.templatesDir, 'page-1.html'), 'utf8')).toContain('content="/assets/entry.js /assets/form.js"');
      expect(listFiles(dir).filter((f) => f.endsWith('.writing'))).toEqual([]);
    },
    2 * UI_TIMEOUT,
  );

  it(
    'fails with the path of the page that threw, leaving no half-written file and no record of the run',
    async () => {
      const { input, distDir, cacheDir } = await madeUpProject(200, '/page/57');
      await expect(prerenderSite(input)).rejects.toThrow('pages/x.json blocks[0] threw while prerendering /page/57');
      const files = listFiles(distDir);
      expect(files.filter((f) => f.endsWith('.writing'))).toEqual([]);
      expect(files.some((f) => f.endsWith(`page${path.sep}57${path.sep}index.html`))).toBe(false);
      // Without the record, the next build renders every page again.
      await expect(readFile(path.join(cacheDir, 'prerendered.txt'))).rejects.toThrow(/ENOENT/);
    },
    2 * UI_TIMEOUT,
  );

  it(
    'renders again only the pages that changed or whose file is gone, and removes the files of routes that are gone',
    async () => {
      const { input, distDir } = await madeUpProject(6);
      const first = await prerenderSite(input);
      expect(first.written).toHaveLength(7 + 1); // the pages and robots.txt
      const next = { ...input, renderAll: false, pageHashes: new Map([['page-2', 'edited']]) };
      await rm(path.join(distDir, 'page/4/index.html'));
      const withoutFive = { ...next, site: { ...next.site, routes: next.site.routes.filter((r) => r.path !== '/page/5') as typeof next.site.routes } };
      const second = await prerenderSite(withoutFive);
      expect(second.written.map((f) => path.relative(distDir, f)).sort()).toEqual([path.join('page', '2', 'index.html'), path.join('page', '4', 'index.html'), 'robots.txt']);
      expect(second.pages).toHaveLength(6);
      await expect(readFile(path.join(distDir, 'page/5/index.html'))).rejects.toThrow(/ENOENT/);
      const third = await prerenderSite(withoutFive);
      expect(third.written.map((f) => path.relative(distDir, f))).toEqual(['robots.txt']);
    },
    2 * UI_TIMEOUT,
  );

  it(
    'renders a few pages the same way, and a failure there names the path and leaves nothing half-written',
    async () => {
      const { input, distDir } = await madeUpProject(2);
      await expectEveryPageWhole(input, 3, distDir, 0);
      await rm(dir, { recursive: true, force: true });

      const broken = await madeUpProject(2, '/page/1');
      await expect(prerenderSite(broken.input)).rejects.toThrow('pages/x.json blocks[0] threw while prerendering /page/1');
      const files = listFiles(broken.distDir);
      expect(files.filter((f) => f.endsWith('.writing'))).toEqual([]);
      expect(files.some((f) => f.endsWith(`page${path.sep}1${path.sep}index.html`))).toBe(false);
    },
    2 * UI_TIMEOUT,
  );
});
