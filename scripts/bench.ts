/**
 * npm run bench [-- --runs N] [-- --only build,js,pictures,scale,load,lighthouse,editor,studio] [-- --scale N] [-- --routes /,/about]: the site's speed and size
 * against its budgets, as medians of repeated runs.
 *   build: build + prerender time (3 runs) and validation time of every document (10 runs)
 *   js: JS (gzip) per route in Chromium at phone width, at load and after a full scroll, each chunk named by the package it
 *       is for, against issue 45's budgets (scripts/bench/route-js-report.ts)
 *   pictures: 100 photographs encoded into every variant, cold and warm, with peak memory (scripts/bench/pictures.ts)
 *   scale: a site of N generated pages more (--scale N, default 1,000; alone it picks this section): validation,
 *          full build, one-page rebuild (N runs, default 3; times and peak memory) and page JS growth
 *          (scripts/bench/scale.ts)
 *   load: the compiled server under 50 connections, 1 and 2 workers (scripts/bench/load.ts)
 *   lighthouse: Lighthouse (mobile) on every static route and an article (or the --routes given), with and without
 *               JS (N runs, default 3); the JS's added blocking time is TBT with JS minus without, medians of the same run
 *   editor: the page editor on a page of 300 blocks: open time, keystroke, insert and move to the preview painted
 *           (scripts/bench/editor.ts)
 *   studio: the studio and npm start on a git checkout: its editor's open on the same page, and publish → live on the
 *           site and on one of 10,000 generated pages more (--scale N with --only studio: N instead); medians of 5 runs
 *           (3 on the generated site; more with --runs) (scripts/bench/studio.ts)
 * Results go to stdout and .bench/results.json; a missed budget makes the bench exit with 1.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite, ensureBuilt } from './build.ts';
import { loadTargets, runLoadBench, type LoadResult } from './bench/load.ts';
import { validateContent } from './content-check/validate-content.ts';
import { resolveStep, staticPaths } from '../src/model/routes.ts';
import { siteConfig as site } from '../src/model/site-config.ts';
import { reportScale, runScaleBench } from './bench/scale.ts';
import { startBenchServer } from './bench/bench-server.ts';
import { CHOSEN_PACKAGES, readChunkNames } from './bench/chunk-names.ts';
import { measureRoutesInChromium } from './bench/route-js-browser.ts';
import { JS_BUDGET_KB, reportRouteJs, type RouteFacts } from './bench/route-js-report.ts';
import { blockPackages } from './bench/block-libraries.ts';
import { blockRegistry } from '../src/generated/block-registry.ts';
import { median, time } from './bench/stats.ts';
import { runLighthouse, startChrome, type LighthouseScores } from './bench/lighthouse-runs.ts';
import { reportEditor, runEditorBenchApart } from './bench/editor.ts';
import { reportPictures, runPicturesBench } from './bench/pictures.ts';
import { reportStudio, runStudioBench, studioBudgets } from './bench/studio.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const budgets = {
  buildSeconds: 30,
  validationSeconds: 1,
  routeJsKb: JS_BUDGET_KB,
  jsBlockingMs: 100,
  performance: 95,
  otherScores: 100,
  cls: 0.01,
  lcpRatio: 1.15,
  renderedShareOfStatic: 0.5,
  p99Ms: 100,
  editorOpenMs: 2000,
  editorActionP95Ms: 100,
};
const sections = ['build', 'js', 'pictures', 'scale', 'load', 'lighthouse', 'editor', 'studio'];
const onlyArg = process.argv.indexOf('--only');
const scaleArg = process.argv.indexOf('--scale');
// --scale N alone runs the scale section only, with N generated pages.
const selected = new Set(onlyArg > 0 ? (process.argv[onlyArg + 1] ?? '').split(',') : scaleArg > 0 ? ['scale'] : sections);
for (const name of selected) if (!sections.includes(name)) throw new Error(`Unknown bench section "${name}"; choose from ${sections.join(', ')}.`);
/** Every budget missed, by name: a non-empty list fails the bench. */
const misses: string[] = [];
const runsArg = process.argv.indexOf('--runs');
const runsGiven = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : undefined;
const lighthouseRuns = runsGiven ?? 3;
const scaleRuns = lighthouseRuns;
const scaleCopies = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) : 1000;
if (!Number.isInteger(scaleCopies) || scaleCopies < 0) throw new Error(`--scale takes a whole number of pages to generate, not "${process.argv[scaleArg + 1]}".`);
/** The routes whose JavaScript's added blocking time (TBT with JS minus without) has a budget. */
const blockingTimeRoutes = new Set(['/', '/customer-support', '/privacy-policy']);

const originalLog = console.log;
const quiet = async <T>(task: () => Promise<T>): Promise<T> => {
  console.log = () => {};
  try {
    return await task();
  } finally {
    console.log = originalLog;
  }
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mark = (ok: boolean, what: string) => {
  if (!ok) misses.push(what);
  return ok ? 'ok  ' : 'OVER';
};
const results: Record<string, unknown> = { budgets };

if (selected.has('build')) {
  const buildTimes = await time(3, () => quiet(buildSite));
  const validationTimes = await time(10, () => validateContent({ root }));
  const build = median(buildTimes);
  const validation = median(validationTimes);
  originalLog(`\nBuild + prerender (median of ${buildTimes.length}): ${build.toFixed(2)} s  [${mark(build <= budgets.buildSeconds, 'build time')} budget ${budgets.buildSeconds} s]  runs: ${buildTimes.map((t) => t.toFixed(2)).join(', ')}`);
  originalLog(`Validation of all documents (median of ${validationTimes.length}): ${(validation * 1000).toFixed(0)} ms  [${mark(validation <= budgets.validationSeconds, 'validation time')} budget ${budgets.validationSeconds * 1000} ms]`);
  Object.assign(results, { buildTimes, validationTimes });
} else {
  await quiet(ensureBuilt);
}

if (selected.has('js')) {
  const article = '/blogs/what-to-put-in-an-outsourcing-sla';
  const routes = [...staticPaths(site), article, '/no-such-page'];
  const pageOf = (r: string) => {
    const resolved = resolveStep(site, r);
    return resolved.kind === 'page' ? resolved.page : site.notFoundPage;
  };
  const chosenBy = new Map<string, string[]>();
  for (const type of Object.keys(blockRegistry))
    chosenBy.set(
      type,
      [...(await blockPackages(root, type))].filter((p) => (CHOSEN_PACKAGES as readonly string[]).includes(p)),
    );
  const facts = new Map<string, RouteFacts>();
  for (const r of routes) {
    const doc = JSON.parse(await readFile(path.join(root, 'pages', `${pageOf(r)}.json`), 'utf8')) as { blocks: Array<{ type?: string; fragment?: string }> };
    const types = [site.layout.header.type, ...doc.blocks.map((b) => b.type ?? site.fragments[b.fragment!]?.type ?? ''), site.layout.footer.type];
    facts.set(r, { types, chosenBy });
  }
  const server = await startBenchServer(root);
  const js = await measureRoutesInChromium(server.origin, dist, routes).finally(server.close);
  misses.push(...reportRouteJs(js, (r) => facts.get(r)!, await readChunkNames(dist), originalLog));
  results.js = js;
}

if (selected.has('editor')) {
  const editor = await runEditorBenchApart(root, originalLog);
  reportEditor(editor, budgets, originalLog, (what) => misses.push(what));
  results.editor = editor;
}

if (selected.has('studio')) {
  const studio = await runStudioBench({ runs: runsGiven ?? 0, largeCopies: scaleArg > 0 ? scaleCopies : studioBudgets.largeCopies }, originalLog);
  reportStudio(studio, (results.editor as { openMs?: number[] } | undefined)?.openMs, originalLog, (what) => misses.push(what));
  results.studio = studio;
}

if (selected.has('pictures')) {
  const pictures = await runPicturesBench(root, originalLog);
  reportPictures(pictures, originalLog, (what) => misses.push(what));
  results.pictures = pictures;
}

if (selected.has('scale')) {
  const scale = await runScaleBench(root, scaleCopies, scaleRuns, originalLog);
  reportScale(scale, originalLog, (what) => misses.push(what));
  results.scale = scale;
}

if (selected.has('load')) {
  const load = await runLoadBench(root);
  results.load = load;
  originalLog(`\nLoad: 50 connections, 10 s a page, the compiled server (budgets: pages rendered on request ≥ ${budgets.renderedShareOfStatic * 100}% of the static page's req/s, p99 ≤ ${budgets.p99Ms} ms, no errors)`);
  originalLog(`${'workers'.padEnd(8)} ${'page'.padEnd(44)} ${'req/s'.padStart(8)} ${'share'.padStart(6)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}  verdict`);
  for (const row of load) {
    const staticRow = load.find((r: LoadResult) => r.workers === row.workers && r.target === loadTargets.static)!;
    const share = row.requestsPerSecond / staticRow.requestsPerSecond;
    const rendered = row.target !== loadTargets.static;
    const ok = mark((!rendered || (share >= budgets.renderedShareOfStatic && row.p99Ms <= budgets.p99Ms)) && row.errors === 0, `load ${row.target} (${row.workers} worker${row.workers === 1 ? '' : 's'})`);
    originalLog(`${String(row.workers).padEnd(8)} ${row.target.padEnd(44)} ${row.requestsPerSecond.toFixed(0).padStart(8)} ${share.toFixed(2).padStart(6)} ${row.p99Ms.toFixed(0).padStart(7)} ${String(row.errors).padStart(6)}  ${ok}`);
  }
}

if (selected.has('lighthouse')) {
  // Lighthouse behind npm start's server (compression on), mobile preset; the same route without JS is the limit.
  const server = await startBenchServer(root);
  const origin = server.origin;
  const chrome = await startChrome();
  const medianScores = (runs: LighthouseScores[]): LighthouseScores => {
    const keys = Object.keys(runs[0]!) as Array<keyof LighthouseScores>;
    return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as LighthouseScores;
  };
  const routesArg = process.argv.indexOf('--routes');
  const lighthouseRoutes = routesArg > 0 ? (process.argv[routesArg + 1] ?? '').split(',').filter(Boolean) : [...staticPaths(site), '/blogs/what-to-put-in-an-outsourcing-sla'];
  const lighthouse: Array<{ route: string; withJs: LighthouseScores; withoutJs: LighthouseScores }> = [];
  try {
    for (const route of lighthouseRoutes) {
      const withJs: LighthouseScores[] = [];
      const withoutJs: LighthouseScores[] = [];
      for (let i = 0; i < lighthouseRuns; i++) {
        withJs.push(await runLighthouse(chrome, origin + route, true));
        withoutJs.push(await runLighthouse(chrome, origin + route, false));
      }
      lighthouse.push({ route, withJs: medianScores(withJs), withoutJs: medianScores(withoutJs) });
    }
  } finally {
    chrome.kill();
    server.close();
  }
  originalLog(
    `\nLighthouse ${'(mobile preset)'} medians of ${lighthouseRuns} run${lighthouseRuns === 1 ? '' : 's'}; budgets: performance ≥ ${budgets.performance}, the others ${budgets.otherScores}, CLS < ${budgets.cls}, LCP ≤ ×${budgets.lcpRatio} of the no-JS limit, the JS's added blocking time (TBT with JS − without) ≤ ${budgets.jsBlockingMs} ms on ${[...blockingTimeRoutes].join(', ')}`,
  );
  originalLog(`${'route'.padEnd(42)} perf a11y  bp  seo   LCP ms  no-JS LCP  ratio   TBT ms  +TBT JS    CLS  JS KB  verdict`);
  for (const { route, withJs: w, withoutJs: s } of lighthouse) {
    const ratio = w.lcpMs / s.lcpMs;
    const addedBlocking = w.tbtMs - s.tbtMs;
    const over = [
      w.performance < budgets.performance && 'performance',
      w.accessibility < budgets.otherScores && 'accessibility',
      w.bestPractices < budgets.otherScores && 'best-practices',
      w.seo < budgets.otherScores && 'seo',
      !(w.cls < budgets.cls) && 'CLS',
      !(ratio <= budgets.lcpRatio) && 'LCP ratio',
      blockingTimeRoutes.has(route) && !(addedBlocking <= budgets.jsBlockingMs) && 'JS blocking time',
    ].filter(Boolean);
    if (over.length) misses.push(`Lighthouse ${route}: ${over.join(', ')}`);
    originalLog(
      `${route.padEnd(42)} ${String(w.performance).padStart(4)} ${String(w.accessibility).padStart(4)} ${String(w.bestPractices).padStart(3)} ${String(w.seo).padStart(4)} ${w.lcpMs.toFixed(0).padStart(8)} ${s.lcpMs.toFixed(0).padStart(10)} ${ratio.toFixed(2).padStart(6)} ${w.tbtMs.toFixed(0).padStart(8)} ${addedBlocking.toFixed(0).padStart(8)} ${w.cls.toFixed(3).padStart(6)} ${kb(w.jsBytes).padStart(6)}  ${over.length ? `OVER: ${over.join(', ')}` : 'ok'}`,
    );
  }
  Object.assign(results, { lighthouseRuns, lighthouse });
}

await mkdir(path.join(root, '.bench'), { recursive: true });
await writeFile(path.join(root, '.bench', 'results.json'), JSON.stringify(results, null, 2));
if (misses.length > 0) {
  originalLog(`\nOver budget (${misses.length}): ${misses.join('; ')}`);
  process.exit(1);
}
originalLog('\nEvery budget is met.');
