// @vitest-environment node
/**
 * The dev server's content verdict is the newest files', whatever order its checks end in: every change starts a
 * check, a burst of changes starts several at once, and on a busy machine an older one may end last. A real Vite
 * dev server (its file watcher included) runs the plugin on a fixture site in a git repository; the check it runs
 * is the real one, made to end after every newer check that overlapped it, so the race happens whenever two overlap.
 * And a file written while a check runs is reported though the watcher may drop that change.
 */
import { execFile } from 'node:child_process';
import { utimesSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger, createServer, type Plugin, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentValidationPlugin } from '../../scripts/content-check/vite-plugin';
import { validateContent } from '../../scripts/content-check/validate-content';
import { aboutPageWith, baseSiteConfig, createFixtureSite, type FixtureSite } from './fixtures/content-site';

const run = promisify(execFile);
const git = (root: string, ...args: string[]) => run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: root });

/** The places of a check's errors and warnings, as file:line:col. */
interface Verdict {
  errors: string[];
  warnings: string[];
}

/** One check the plugin ran: what it found, once it has ended, and whether a newer check overtook it. */
interface Check {
  verdict?: Verdict;
  overtaken?: boolean;
  ended: Promise<void>;
}

/** What a person sees of the plugin's verdict: the overlay, the terminal's last word on errors, the warnings notice. */
interface Seen {
  overlay: string | null;
  terminal: string | null;
  warnings: string[];
}

/** Run once by the next check, once it has read the files: a change made while it runs. */
let duringCheck: (() => void) | undefined;

/** The real content check, ending only after every newer check that has started by the time it is done. */
function checkEndingLast(checks: Check[]): typeof validateContent {
  return async (options) => {
    let end!: () => void;
    const check: Check = { ended: new Promise((resolve) => (end = resolve)) };
    checks.push(check);
    try {
      const report = await validateContent(options);
      const places = (severity: string) => report.issues.filter((i) => i.severity === severity).map((i) => `${i.file}:${i.line}:${i.column}`);
      check.verdict = { errors: places('error'), warnings: places('warning') };
      const during = duringCheck;
      duringCheck = undefined;
      during?.();
      const newer = checks.slice(checks.indexOf(check) + 1);
      check.overtaken = newer.length > 0;
      await Promise.all(newer.map((c) => c.ended));
      return report;
    } finally {
      end();
    }
  };
}

/** A plugin placed before the content check's, recording what it sends to the pages. */
function recordSent(seen: Seen): Plugin {
  return {
    name: 'record-sent',
    configureServer(server) {
      server.ws.send = ((payload: { type: string; event?: string; data?: unknown; err?: { message: string } }, data?: unknown) => {
        if (typeof payload === 'string') {
          if (payload === 'content:warnings') seen.warnings = (data as { warnings: Array<{ file: string; line: number; column: number }> }).warnings.map((w) => `${w.file}:${w.line}:${w.column}`);
        } else if (payload.type === 'error') seen.overlay = payload.err!.message;
        else if (payload.type === 'full-reload') seen.overlay = null; // the reload clears the overlay
      }) as ViteDevServer['ws']['send'];
    },
  };
}

const brokenAbout = aboutPageWith(`    { "type": "counters", "id": "figures", "props": { "items": [] } },
    { "type": "blog-slider", "id": "hero", "props": { "heading": "Again" } }`);
const chainedRedirect = () => {
  const config = baseSiteConfig();
  config.redirects.push({ from: '/old-services', to: '/services' });
  return config;
};

let site: FixtureSite;
let server: ViteDevServer;
const checks: Check[] = [];
const seen: Seen = { overlay: null, terminal: null, warnings: [] };

beforeAll(async () => {
  site = await createFixtureSite();
  await git(site.root, 'init', '-q');
  await git(site.root, 'add', '-A');
  await git(site.root, 'commit', '-q', '-m', 'The site as published');
  const logger = createLogger('silent');
  logger.error = (message) => void (seen.terminal = message);
  logger.info = (message) => void (seen.terminal = message);
  server = await createServer({
    root: site.root,
    configFile: false,
    logLevel: 'silent',
    customLogger: logger,
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, ws: false },
    plugins: [recordSent(seen), contentValidationPlugin({ validate: checkEndingLast(checks) })],
  });
});

afterAll(async () => {
  await server?.close();
  await site?.dispose();
});

/** What a person should see for a check's verdict. */
const shown = ({ errors, warnings }: Verdict): Seen => ({
  overlay: errors.length ? expect.stringContaining(`The site content has ${errors.length} errors:\n${errors[0]}`) : null,
  terminal: errors.length ? expect.stringContaining(`The site content has ${errors.length} errors`) : 'Site content is valid again.',
  warnings,
});

/**
 * Waits until every check has ended, the newest has found `verdict`, and the plugin shows it. A stale verdict, an
 * older check's, keeps it from showing: the wait then ends in a failure that says what was shown instead.
 */
async function settled(verdict: Verdict, label: string, expected = shown(verdict)) {
  await expect.poll(() => ({ ended: checks.every((c) => c.verdict), newest: checks.at(-1)?.verdict, seen: { ...seen } }), { message: `after ${label}` }).toEqual({ ended: true, newest: verdict, seen: expected });
}

it('reports the newest files after each of 60 rapid changes, reverts by git checkout among them, even when an older check ends last', async () => {
  await settled({ errors: [], warnings: [] }, 'the start', { overlay: null, terminal: null, warnings: [] });
  const write = (rel: string, text: string) => writeFile(path.join(site.root, rel), text);
  const revert = () => git(site.root, 'checkout', '--', 'pages.json', 'pages/about.json');
  // Each change is followed within milliseconds by the next; the final state alternates between broken and valid.
  const bursts: Array<{ change: () => Promise<unknown>; errors: string[]; warnings: string[] }> = [
    {
      change: async () => {
        await revert();
        await write('pages/about.json', brokenAbout);
        await write('pages.json', `${JSON.stringify(chainedRedirect(), null, 2)}\n`);
      },
      errors: ['pages/about.json:7:55', 'pages/about.json:8:30'],
      warnings: ['pages.json:38:7'],
    },
    {
      change: async () => {
        await write('pages.json', ''); // as a checkout leaves it for a moment
        await revert();
      },
      errors: [],
      warnings: [],
    },
  ];
  for (let i = 0; i < 60; i++) {
    const { change, errors, warnings } = bursts[i % bursts.length]!;
    await change();
    await settled({ errors, warnings }, `change ${i + 1}`);
  }
  // The race was run: some checks ended after a newer one.
  expect(checks.filter((c) => c.overtaken).length).toBeGreaterThan(0);
}, 600_000);

it('reports a file changed while a check runs, though the watcher says nothing of it (it drops a second change within milliseconds)', async () => {
  await settled({ errors: [], warnings: [] }, 'the test above'); // as it left the site
  const about = path.join(site.root, 'pages/about.json');
  // A modification time the watcher knows, in whole milliseconds so that it can be set again exactly.
  const known = new Date('2025-01-01T00:00:00.000Z');
  const checked = checks.length;
  utimesSync(about, known, known);
  await expect.poll(() => checks.length > checked && checks.every((c) => c.verdict)).toBe(true);
  duringCheck = () => {
    // In one go, so the watcher looks only afterwards: new bytes, the modification time it knows, a later access
    // time; it then takes the file for unchanged, as it does a second write within the same few milliseconds.
    writeFileSync(about, brokenAbout);
    utimesSync(about, new Date(Date.now() + 60_000), known);
  };
  await writeFile(path.join(site.root, 'pages.json'), `${JSON.stringify(chainedRedirect(), null, 2)}\n`); // seen, and starts a check
  const errors = ['pages/about.json:7:55', 'pages/about.json:8:30'];
  await settled({ errors, warnings: ['pages.json:38:7'] }, 'a change the watcher did not see');
  expect(duringCheck).toBeUndefined();
});
