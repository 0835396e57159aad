/**
 * The budgets of issue 45 on what routes download in Chromium (route-js-browser.ts), with each chunk named
 * (chunk-names.ts): at load ≤ 15 KB where the first screen shows no carousel and no counters; after a full scroll,
 * ≤ 15 KB on /help-center and the legal pages, and elsewhere only the runtime, React and the chosen packages the
 * page's blocks need to work (a block's own chunk and the kit it shares count with it); any other chunk fails,
 * named in words.
 */
import { CHOSEN_PACKAGES, FORM_AND_PARSER_FAMILIES, type ChunkName } from './chunk-names.ts';
import type { LoadedJs, RouteJsInBrowser } from './route-js-browser.ts';

export const JS_BUDGET_KB = 15;

export interface RouteFacts {
  /** Block types of the page, the layout's included. */
  types: string[];
  /** The chosen packages each of those block types reaches (scripts/bench/block-libraries.ts). */
  chosenBy: Map<string, string[]>;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ALWAYS_ALLOWED = (family: string) => family === 'runtime' || family === 'react' || family.startsWith('enhance ');

/** What is wrong with one chunk downloaded after a full scroll, in words; null when the page's blocks need it. */
function chunkProblem(name: ChunkName, facts: RouteFacts): string | null {
  const heavy = name.families.filter((f) => (FORM_AND_PARSER_FAMILIES as readonly string[]).includes(f.family)).map((f) => f.family);
  if (heavy.length > 0) return `carries ${heavy.join(', ')} before any form was touched`;
  if (ALWAYS_ALLOWED(name.main)) return null;
  const needed = new Set(facts.types.flatMap((t) => facts.chosenBy.get(t) ?? []));
  if ((CHOSEN_PACKAGES as readonly string[]).includes(name.main)) return needed.has(name.main) ? null : `is ${name.main}, which no block of this page needs`;
  const block = /^block (.+)$/.exec(name.main)?.[1];
  if (block) return (facts.chosenBy.get(block)?.length ?? 0) > 0 ? null : `is the block ${block}, which uses React without a chosen package (an enhance module would do)`;
  if (name.main === 'kit' || name.main === 'icons') return needed.size > 0 ? null : `is shared block code (${name.main}) for islands that need no chosen package`;
  return `is ${name.main}, neither the runtime, React nor a chosen package`;
}

function chunkList(js: LoadedJs, nameOf: (file: string) => ChunkName, problems: Map<string, string>): string {
  return js.chunks
    .filter((c) => !c.file.startsWith('('))
    .map((c) => `${c.file.replace(/^\/assets\//, '')} ${kb(c.gzipBytes)} (${nameOf(c.file).label})${problems.has(c.file) ? ' ✗' : ''}`)
    .join('; ');
}

/** Prints the table and returns the missed budgets, each a sentence. */
export function reportRouteJs(measures: RouteJsInBrowser[], factsOf: (route: string) => RouteFacts, nameOf: (file: string) => ChunkName, log: (line: string) => void): string[] {
  const misses: string[] = [];
  log(`\nJavaScript per route in Chromium at 390 px (gzip, on the wire, inline loader included): at load (no scroll, no input) and after a full scroll without a click.`);
  log(
    `Budgets: at load ≤ ${JS_BUDGET_KB} KB when the first screen shows no carousel and no counters; after the scroll ≤ ${JS_BUDGET_KB} KB on /help-center and the legal pages, elsewhere only the runtime, React and the chosen packages (${CHOSEN_PACKAGES.join(', ')}) the page's blocks need.`,
  );
  log(`${'route'.padEnd(40)} ${'load KB'.padStart(8)} ${'scroll KB'.padStart(9)}  verdict`);
  for (const m of measures) {
    const facts = factsOf(m.route);
    const eager = m.firstScreen.filter((t) => (facts.chosenBy.get(t) ?? []).some((p) => p === 'react-slick' || p === 'react-countup'));
    const verdicts: string[] = [];
    if (eager.length === 0 && m.atLoad.gzipBytes / 1024 > JS_BUDGET_KB) {
      const started = m.startedAtLoad.length > 0 ? ` (hydrated without a scroll: ${m.startedAtLoad.join(', ')})` : '';
      verdicts.push(`loads ${kb(m.atLoad.gzipBytes)} KB before any scroll or input${started}, over ${JS_BUDGET_KB} KB though its first screen shows no carousel and no counters`);
    }
    const problems = new Map<string, string>();
    const light = m.route === '/help-center' || facts.types.includes('legal-text');
    if (light && m.afterScroll.gzipBytes / 1024 > JS_BUDGET_KB) verdicts.push(`loads ${kb(m.afterScroll.gzipBytes)} KB after a full scroll, over ${JS_BUDGET_KB} KB`);
    if (!light) {
      for (const c of m.afterScroll.chunks) {
        const problem = c.file.startsWith('(') ? null : chunkProblem(nameOf(c.file), facts);
        if (problem) problems.set(c.file, problem);
      }
      for (const [file, problem] of problems) verdicts.push(`after a full scroll, ${file.replace(/^\/assets\//, '')} (${kb(m.afterScroll.chunks.find((c) => c.file === file)!.gzipBytes)} KB) ${problem}`);
    }
    for (const verdict of verdicts) misses.push(`JS of ${m.route}: ${verdict}`);
    const firstScreen = eager.length > 0 ? ` (first screen: ${eager.join(', ')})` : '';
    log(`${m.route.padEnd(40)} ${kb(m.atLoad.gzipBytes).padStart(8)} ${kb(m.afterScroll.gzipBytes).padStart(9)}  ${verdicts.length === 0 ? 'ok' : `OVER (${verdicts.length})`}${firstScreen}`);
    log(`    islands: ${m.islands.join(' ') || 'none'}`);
    log(`    at load: ${chunkList(m.atLoad, nameOf, new Map())}`);
    const later = { ...m.afterScroll, chunks: m.afterScroll.chunks.filter((c) => !m.atLoad.chunks.some((a) => a.file === c.file)) };
    if (later.chunks.length > 0) log(`    after the scroll, besides: ${chunkList(later, nameOf, problems)}`);
    for (const verdict of verdicts) log(`    ✗ ${verdict}`);
  }
  return misses;
}
