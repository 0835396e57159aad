/**
 * The scale section of the bench: a generated site of N copied pages (scripts/bench/generated-site.ts), then,
 * each step a child process (peak memory included): validation, a full build from nothing, and a rebuild after
 * editing one page document; and how much a page's JavaScript grows with the number of pages.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { distLayout, htmlFileFor } from '../../src/model/dist-layout.ts';
import { buildCacheDir } from '../build-cache.ts';
import { runScript, type ChildRun } from './child-run.ts';
import { generateSite } from './generated-site.ts';
import { routeJs } from './route-js.ts';
import { median } from './stats.ts';

/** The budgets of a site of `pages` pages: times grow with the site past 10,000 pages (issue 46: 100,000 pages validated in 15 s, built in 10 minutes). */
export const scaleBudgets = (pages: number) => ({ validateSeconds: Math.max(10, pages * 0.00015), buildSeconds: Math.max(180, pages * 0.006), rebuildSeconds: 5, peakRssMb: 1536, pageJsGrowthKb: 1 });

export interface ScaleResult {
  pages: number;
  validate: ChildRun[];
  build: ChildRun[];
  rebuild: ChildRun[];
  /** The JS (gzip) of a generated page, and of the page it copies in this project's own build. */
  pageJs: { path: string; gzipBytes: number; ownPath: string; ownGzipBytes: number };
}

export interface ScaleSummary {
  what: string;
  seconds: number;
  budgetSeconds: number;
  peakRssMb: number;
}

/** Everything a build leaves, so the next one starts from nothing. */
export const buildOutputs = [distLayout.clientDir, distLayout.serverDir, buildCacheDir];

async function repeat(runs: number, before: (run: number) => Promise<void>, step: () => Promise<ChildRun>): Promise<ChildRun[]> {
  const results: ChildRun[] = [];
  for (let i = 0; i < runs; i++) {
    await before(i);
    results.push(await step());
  }
  return results;
}

/** `root` must be built already (its page is the baseline of the page JS). */
export async function runScaleBench(root: string, copies: number, runs: number, log: (line: string) => void): Promise<ScaleResult> {
  log(`\nScale: generating a site with ${copies} copied pages…`);
  const site = await generateSite(root, copies, { buildable: true });
  try {
    const validate = await repeat(
      runs,
      async () => {},
      () => runScript(site.dir, 'scripts/validate.ts'),
    );
    log(`  validation: ${validate.map((r) => r.seconds.toFixed(1)).join(', ')} s`);
    const clean = () => Promise.all(buildOutputs.map((d) => rm(path.join(site.dir, d), { recursive: true, force: true }))).then(() => {});
    const build = await repeat(runs, clean, () => runScript(site.dir, 'scripts/build.ts'));
    log(`  full build: ${build.map((r) => r.seconds.toFixed(1)).join(', ')} s`);
    const document = path.join(site.dir, site.sample.document);
    const original = JSON.parse(await readFile(document, 'utf8')) as { title: string };
    const edit = async (run: number) => writeFile(document, JSON.stringify({ ...original, title: `${original.title.slice(0, 60)} e${run + 1}` }, null, 2));
    const rebuild = await repeat(runs, edit, () => runScript(site.dir, 'scripts/build.ts'));
    log(`  rebuild after editing ${site.sample.document}: ${rebuild.map((r) => r.seconds.toFixed(1)).join(', ')} s`);
    const html = await readFile(path.join(site.dir, distLayout.clientDir, htmlFileFor(site.sample.path, 'generated-1')), 'utf8');
    if (!html.includes(` e${runs}`)) throw new Error(`The rebuild did not update ${site.sample.path}: its HTML lacks the edited title. Check the incremental build (scripts/build.ts).`);
    const ownSite = JSON.parse(await readFile(path.join(root, 'pages.json'), 'utf8')) as { routes: Array<{ path: string; page: string }> };
    const ownPath = ownSite.routes.find((r) => r.page === site.sample.copies)!.path;
    const generatedJs = await routeJs(path.join(site.dir, distLayout.clientDir), path.join(site.dir, distLayout.clientDir, htmlFileFor(site.sample.path, 'generated-1')));
    const ownJs = await routeJs(path.join(root, distLayout.clientDir), path.join(root, distLayout.clientDir, htmlFileFor(ownPath, site.sample.copies)));
    return { pages: site.pages, validate, build, rebuild, pageJs: { path: site.sample.path, gzipBytes: generatedJs.gzipBytes, ownPath, ownGzipBytes: ownJs.gzipBytes } };
  } finally {
    await rm(site.dir, { recursive: true, force: true });
  }
}

/** The result against the budgets, one line each; `miss` records a missed budget. */
export function reportScale(result: ScaleResult, log: (line: string) => void, miss: (what: string) => void): void {
  const budgets = scaleBudgets(result.pages);
  const mb = (runs: ChildRun[]) => Math.max(...runs.map((r) => r.peakRssMb));
  const rows = [
    { what: 'validation', runs: result.validate, budget: budgets.validateSeconds },
    { what: 'full build', runs: result.build, budget: budgets.buildSeconds },
    { what: 'one-page rebuild', runs: result.rebuild, budget: budgets.rebuildSeconds },
  ];
  log(`\nScale: ${result.pages} pages, medians of ${result.build.length} runs (budgets: time as below, peak RSS ≤ ${budgets.peakRssMb} MB)`);
  for (const row of rows) {
    const seconds = median(row.runs.map((r) => r.seconds));
    const peak = mb(row.runs);
    const timeOk = seconds <= row.budget;
    const memoryOk = peak <= budgets.peakRssMb;
    if (!timeOk) miss(`${row.what} of ${result.pages} pages (${seconds.toFixed(1)} s)`);
    if (!memoryOk) miss(`peak RSS of the ${row.what} of ${result.pages} pages (${peak.toFixed(0)} MB)`);
    const cpu = median(row.runs.map((r) => r.cpuSeconds));
    log(`  ${row.what.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s  [${timeOk ? 'ok  ' : 'OVER'} budget ${row.budget.toFixed(0)} s]  CPU ${cpu.toFixed(1)} s  peak ${peak.toFixed(0).padStart(5)} MB  [${memoryOk ? 'ok' : 'OVER'}]`);
    // Where the time went: the build's and the check's own account of their steps, from the last run.
    log(`    ${row.runs.at(-1)!.lastLine}`);
  }
  const { pageJs } = result;
  const growthKb = (pageJs.gzipBytes - pageJs.ownGzipBytes) / 1024;
  const jsOk = growthKb <= budgets.pageJsGrowthKb;
  if (!jsOk) miss(`page JS grows ${growthKb.toFixed(1)} KB with the page count`);
  log(
    `  page JS (gzip)     ${pageJs.path}: ${(pageJs.gzipBytes / 1024).toFixed(1)} KB; ${pageJs.ownPath} of this site: ${(pageJs.ownGzipBytes / 1024).toFixed(1)} KB; growth ${growthKb.toFixed(1)} KB  [${jsOk ? 'ok  ' : 'OVER'} budget ${budgets.pageJsGrowthKb} KB]`,
  );
}
