/**
 * The studio's figures: on a real checkout (studio-checkout.ts) with the site served by `npm start` and the studio by
 * `npm run studio` (studio-servers.ts), both the production build: the studio's editor opened signed in on a page of
 * 300 blocks (editor-open.ts), and a heading published through the studio's API as the editor sends it (a draft,
 * then a publish, with the session cookie and the studio's Origin) until the running site serves it; the same
 * publish on a site with 10,000 generated pages more.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { STUDIO_EDITOR_PATH, STUDIO_PREVIEW_PATH } from '../../src/editor/shared/studio-paths.ts';
import type { PublishTimes } from '../../server/studio/publisher.ts';
import { addBigPage, BIG_PAGE } from './big-page.ts';
import { launchBenchBrowser, openEditorTimed } from './editor-open.ts';
import { median } from './stats.ts';
import { createStudioCheckout, type StudioCheckout } from './studio-checkout.ts';
import { signIn, startSite, startStudio, type BenchServer } from './studio-servers.ts';

export const studioBudgets = { openMs: 2000, liveSeconds: 10, largeLiveSeconds: 20, largeCopies: 10_000 };

/** One publish: from sending it to the site serving the new heading, its answer, and the studio's own step times. */
export interface PublishRun extends PublishTimes {
  liveMs: number;
  answerMs: number;
}

export interface StudioBench {
  blocks: number;
  /** From navigation until the outline lists every block and the form is there to use. */
  interactiveMs: number[];
  /** From navigation until that and the preview's screen showing the page's blocks. */
  openMs: number[];
  site: { pages: number; publishes: PublishRun[] };
  large: { pages: number; publishes: PublishRun[] };
}

/** The page each publish edits, and the heading its first block (the page hero) shows as the page's h1. */
const PUBLISHED = { file: 'pages/about.json', path: '/about' };
const WAIT_LIVE_MS = 120_000;

interface RunningStudio {
  checkout: StudioCheckout;
  studio: BenchServer;
  site: BenchServer;
  /** The publisher's session cookie, "name=value". */
  cookie: string;
  pages: number;
}

/** A checkout with `copies` generated pages more, its site and studio running, the publisher signed in; all removed after `task`. */
async function withStudio<T>(copies: number, prepare: ((dir: string) => Promise<void>) | undefined, task: (running: RunningStudio) => Promise<T>): Promise<T> {
  const checkout = await createStudioCheckout({ copies, prepare });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-studio-data-'));
  const started: BenchServer[] = [];
  try {
    const [studio, site] = await Promise.all([startStudio(checkout.dir, dataDir).then((s) => (started.push(s), s)), startSite(checkout.dir, dataDir).then((s) => (started.push(s), s))]);
    const pages = (await checkout.git('ls-files', 'pages')).trim().split('\n').length;
    return await task({ checkout, studio, site, cookie: await signIn(studio.origin), pages });
  } finally {
    await Promise.all(started.map((s) => s.stop()));
    await checkout.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The studio's API as the editor calls it: the session cookie, and the studio's Origin on a change. */
function studioApi({ studio, cookie }: RunningStudio) {
  return async <T>(pathname: string, body?: unknown): Promise<T> => {
    const res = await fetch(studio.origin + pathname, body === undefined ? { headers: { cookie } } : { method: 'POST', headers: { cookie, origin: studio.origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await res.json()) as T & { message?: string };
    if (!res.ok) throw new Error(`The studio answered ${pathname} with ${res.status}: ${answer.message}`);
    return answer;
  };
}

const liveHeading = async (site: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(site + PUBLISHED.path)).text())?.[1];

/** Drafts a new heading for the page, publishes it, and polls the site until it serves it, from when the publish was sent. */
async function publishOnce(running: RunningStudio, heading: string): Promise<PublishRun> {
  const api = studioApi(running);
  const { text, version } = await api<{ text: string; version: string }>(`/studio/api/file?file=${encodeURIComponent(PUBLISHED.file)}`);
  const doc = JSON.parse(text) as { blocks: Array<{ props: { heading: string } }> };
  doc.blocks[0]!.props.heading = heading;
  await api('/studio/api/draft', { file: PUBLISHED.file, value: doc, base: version });
  const sent = performance.now();
  let answered = 0;
  const publishing = api<PublishTimes & { kind: string }>('/studio/api/publish', { files: [PUBLISHED.file] }).then((answer) => ((answered = performance.now()), answer));
  // The site may serve the new build before the answer: the commit and the push come after the build.
  while ((await liveHeading(running.site.origin)) !== heading) {
    if (performance.now() - sent > WAIT_LIVE_MS)
      throw new Error(`The site at ${running.site.origin}${PUBLISHED.path} still did not show "${heading}" ${WAIT_LIVE_MS / 1000} s after the publish; it shows "${await liveHeading(running.site.origin)}".`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const live = performance.now();
  const answer = await publishing;
  if (answer.kind !== 'published') throw new Error(`The publish of "${heading}" answered ${answer.kind}, not published.`);
  const { checkMs, buildMs, commitMs, pushMs } = answer;
  return { liveMs: live - sent, answerMs: answered - sent, checkMs, buildMs, commitMs, pushMs };
}

async function publishRuns(running: RunningStudio, runs: number, log: (line: string) => void): Promise<PublishRun[]> {
  const results: PublishRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await publishOnce(running, `About us, published by the bench (${running.pages} pages, run ${i + 1})`));
  log(`  publish → live, ${running.pages} pages: ${results.map((r) => (r.liveMs / 1000).toFixed(1)).join(', ')} s`);
  return results;
}

/** Opens of the studio's editor on the long page, signed in, each in a new context; one first, untimed. */
async function openRuns(running: RunningStudio, runs: number, log: (line: string) => void): Promise<{ interactiveMs: number[]; openMs: number[] }> {
  const browser = await launchBenchBrowser();
  try {
    const [name, value] = running.cookie.split('=') as [string, string];
    const opening = {
      editorPath: STUDIO_EDITOR_PATH,
      previewPath: STUDIO_PREVIEW_PATH,
      entries: BIG_PAGE.blocks,
      prepare: (context: BrowserContext) => context.addCookies([{ name, value, url: running.studio.origin, httpOnly: true, sameSite: 'Strict' }]),
    };
    const url = `${running.studio.origin}${STUDIO_EDITOR_PATH}?path=${encodeURIComponent(BIG_PAGE.path)}`;
    await (await openEditorTimed(browser, url, opening)).context.close();
    const interactiveMs: number[] = [];
    const openMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const opened = await openEditorTimed(browser, url, opening);
      interactiveMs.push(opened.interactive);
      openMs.push(opened.ms);
      await opened.context.close();
    }
    log(`  studio open (${BIG_PAGE.blocks} blocks): usable ${interactiveMs.map((m) => m.toFixed(0)).join(', ')} ms; preview showing ${openMs.map((m) => m.toFixed(0)).join(', ')} ms`);
    return { interactiveMs, openMs };
  } finally {
    await browser.close();
  }
}

/** `runs` above the least (5, and 3 on the generated site); `largeCopies` the generated site's pages more. */
export async function runStudioBench({ runs, largeCopies }: { runs: number; largeCopies: number }, log: (line: string) => void): Promise<StudioBench> {
  log('\nStudio: a checkout of the site, `npm start` and `npm run studio` on it…');
  const small = await withStudio(0, addBigPage, async (running) => ({ ...(await openRuns(running, Math.max(5, runs), log)), publishes: await publishRuns(running, Math.max(5, runs), log), pages: running.pages }));
  log(`Studio: the same with ${largeCopies} generated pages more (generating and building them takes a few minutes)…`);
  const large = await withStudio(largeCopies, undefined, async (running) => ({ publishes: await publishRuns(running, Math.max(3, runs), log), pages: running.pages }));
  return { blocks: BIG_PAGE.blocks, interactiveMs: small.interactiveMs, openMs: small.openMs, site: { pages: small.pages, publishes: small.publishes }, large };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The figures against the goals; `devOpenMs`, the dev editor's opens of the same page in the same run, gives a ratio. */
export function reportStudio(bench: StudioBench, devOpenMs: number[] | undefined, log: (line: string) => void, miss: (what: string) => void): void {
  log(`\nStudio (production build; the site by npm start, the studio by npm run studio, on one git checkout; medians)`);
  const open = median(bench.openMs);
  const openOk = open <= studioBudgets.openMs;
  if (!openOk) miss(`studio open of ${bench.blocks} blocks (${open.toFixed(0)} ms)`);
  const ratio = devOpenMs?.length ? `; ×${(open / median(devOpenMs)).toFixed(2)} of the dev editor's ${median(devOpenMs).toFixed(0)} ms in this run` : '; the dev editor as a baseline: --only editor,studio';
  log(`  ${`open, ${bench.blocks} blocks, usable`.padEnd(44)} median ${median(bench.interactiveMs).toFixed(0).padStart(5)} ms  (${bench.interactiveMs.length} runs)`);
  log(`  ${'open, usable and the preview shown'.padEnd(44)} median ${open.toFixed(0).padStart(5)} ms  [${openOk ? 'ok  ' : 'OVER'} budget ≤ ${studioBudgets.openMs} ms]  (${bench.openMs.length} runs${ratio})`);
  for (const [what, result, budget] of [
    ['site', bench.site, studioBudgets.liveSeconds],
    ['generated site', bench.large, studioBudgets.largeLiveSeconds],
  ] as const) {
    const runs = result.publishes;
    const live = median(runs.map((r) => r.liveMs));
    const ok = live <= budget * 1000;
    if (!ok) miss(`studio publish → live on the ${what} of ${result.pages} pages (${seconds(live)})`);
    const step = (pick: (r: PublishRun) => number) => seconds(median(runs.map(pick)));
    const steps = `check ${step((r) => r.checkMs)}, build ${step((r) => r.buildMs)}, commit ${step((r) => r.commitMs)}, push ${step((r) => r.pushMs)}, answered at ${step((r) => r.answerMs)}; the site served it ${step((r) => r.liveMs - r.checkMs - r.buildMs)} after the build`;
    log(`  ${`publish → live, ${what}, ${result.pages} pages`.padEnd(44)} median ${seconds(live).padStart(8)}  [${ok ? 'ok  ' : 'OVER'} budget ≤ ${budget} s]  (${runs.length} runs: ${steps})`);
  }
}
