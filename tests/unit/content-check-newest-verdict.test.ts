// @vitest-environment node
/**
 * The dev server's content verdict is the newest files', whatever order its checks end in: every change starts a
 * check, a burst of changes starts several at once, and on a busy machine an older one may end last. A real Vite
 * dev server (its file watcher included) runs the plugin on a fixture site in a git repository; the check it runs
 * is the real one, made to end after every newer check that overlapped it, so the race happens whenever two overlap.
 */
import { execFile } from 'node:child_process';
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
    { "type": "page-hero", "id": "hero", "props": { "heading": "Again" } }`);
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

/** Waits until the newest check has found `verdict` and every check has ended: the plugin has nothing left to say. */
async function settled(verdict: Verdict) {
  await expect.poll(() => checks.every((c) => c.verdict) && checks.at(-1)?.verdict).toEqual(verdict);
}

it('reports the newest files after each of 60 rapid changes, reverts by git checkout among them, even when an older check ends last', async () => {
  await settled({ errors: [], warnings: [] });
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
      errors: ['pages/about.json:7:55', 'pages/about.json:8:28'],
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
    await settled({ errors, warnings });
    expect(seen, `after change ${i + 1}`).toEqual({
      overlay: errors.length ? expect.stringContaining(`The site content has ${errors.length} errors:\n${errors[0]}`) : null,
      terminal: errors.length ? expect.stringContaining(`The site content has ${errors.length} errors`) : 'Site content is valid again.',
      warnings,
    });
  }
  // The race was run: some checks ended after a newer one.
  expect(checks.filter((c) => c.overtaken).length).toBeGreaterThan(0);
}, 600_000);
