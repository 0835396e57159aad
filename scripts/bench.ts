/**
 * npm run bench: the site's speed and size against its budgets, as medians of repeated runs.
 *   build + prerender time (3 runs) · validation time of every document (10 runs) · JS (gzip) per route.
 * Results go to stdout and .bench/results.json. Lighthouse comes with the quality-gates work.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from './build.ts';
import { validateContent } from '../src/content/validate.ts';
import { staticPaths } from '../src/content/routes.ts';
import type { SiteConfig } from '../src/generated/site-config.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const budgets = { buildSeconds: 30, validationSeconds: 1, textRouteJsKb: 90 };
/** Blocks that bring a library of their own (carousel, count-up, forms); a route without them is text-only. */
const heavyBlocks = new Set(['testimonials', 'sector-slider', 'blog-slider', 'counters', 'contact-form']);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function time(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  const results: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    results.push((performance.now() - started) / 1000);
  }
  return results;
}

/** The JS a route downloads at load: its module script and modulepreloads, gzip sizes. */
async function routeJs(htmlFile: string): Promise<{ files: number; gzipBytes: number }> {
  const html = await readFile(htmlFile, 'utf8');
  const files = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(dist, `${f}.gz`))).size));
  return { files: files.length, gzipBytes: sizes.reduce((a, b) => a + b, 0) };
}

const originalLog = console.log;
const quiet = async <T>(task: () => Promise<T>): Promise<T> => {
  console.log = () => {};
  try {
    return await task();
  } finally {
    console.log = originalLog;
  }
};

const buildTimes = await time(3, () => quiet(buildSite));
const validationTimes = await time(10, () => validateContent({ root }));
const site = JSON.parse(await readFile(path.join(root, 'pages.json'), 'utf8')) as SiteConfig;
const routes = [...staticPaths(site), '/blogs/:slug (shell)', '404'];
const fileFor = (r: string) => (r === '/' ? 'index.html' : r === '404' ? '404.html' : r.startsWith('/blogs/:slug') ? '_shells/blog-article.html' : `${r.slice(1)}/index.html`);
const pageOf = (r: string) => (r === '404' ? site.notFoundPage : r.startsWith('/blogs/:slug') ? 'blog-article' : site.routes.find((x) => x.path === r)!.page);
async function isTextOnly(r: string): Promise<boolean> {
  const doc = JSON.parse(await readFile(path.join(root, 'pages', `${pageOf(r)}.json`), 'utf8')) as { blocks: Array<{ type?: string; fragment?: string }> };
  const types = doc.blocks.map((b) => b.type ?? site.fragments[b.fragment!]?.type);
  return !types.some((t) => t && heavyBlocks.has(t));
}
const js = await Promise.all(routes.map(async (r) => ({ route: r, textOnly: await isTextOnly(r), ...(await routeJs(path.join(dist, fileFor(r)))) })));
const baseline = Math.min(...js.map((j) => j.gzipBytes));

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mark = (ok: boolean) => (ok ? 'ok  ' : 'OVER');
const build = median(buildTimes);
const validation = median(validationTimes);
originalLog(`\nBuild + prerender (median of ${buildTimes.length}): ${build.toFixed(2)} s  [${mark(build <= budgets.buildSeconds)} budget ${budgets.buildSeconds} s]  runs: ${buildTimes.map((t) => t.toFixed(2)).join(', ')}`);
originalLog(`Validation of all documents (median of ${validationTimes.length}): ${(validation * 1000).toFixed(0)} ms  [${mark(validation <= budgets.validationSeconds)} budget ${budgets.validationSeconds * 1000} ms]`);
originalLog(`\nJS per route at load (gzip; ratio to the lightest route, ${kb(baseline)} KB):`);
originalLog(`${'route'.padEnd(30)} ${'files'.padStart(5)} ${'KB gz'.padStart(7)} ${'ratio'.padStart(6)}  text-only budget ${budgets.textRouteJsKb} KB`);
for (const j of js) {
  const verdict = j.textOnly ? mark(j.gzipBytes / 1024 <= budgets.textRouteJsKb) : '—   (carousel, counters or form)';
  originalLog(`${j.route.padEnd(30)} ${String(j.files).padStart(5)} ${kb(j.gzipBytes).padStart(7)} ${(j.gzipBytes / baseline).toFixed(2).padStart(6)}  ${verdict}`);
}
await mkdir(path.join(root, '.bench'), { recursive: true });
await writeFile(path.join(root, '.bench', 'results.json'), JSON.stringify({ buildTimes, validationTimes, js, budgets }, null, 2));
