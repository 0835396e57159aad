/**
 * The build is incremental: after editing one page document only that page is rendered and compressed again,
 * and the bundles are kept; after a code change everything is built again. A photograph (/about's) is encoded
 * by the first build only. The builds run on a copy of the
 * project (scripts/bench/generated-site.ts), so the real dist/ stays untouched.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite, type GeneratedSite } from '../../scripts/bench/generated-site.ts';
import { HTML_MARKER } from '../../src/model/dist-layout.ts';
import { UI_TIMEOUT } from '../timeouts.ts';
import { freePort } from '../unit/fixtures/listen.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
let site: GeneratedSite;
let firstBuild: string;

const build = async () => (await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: site.dir, env: { ...process.env, NODE_ENV: 'production' } })).stdout;
const file = (rel: string) => path.join(site.dir, rel);
const mtime = async (rel: string) => (await stat(file(rel))).mtimeMs;

beforeAll(async () => {
  site = await generateSite(root, 2, { buildable: true });
  firstBuild = await build();
}, 6 * UI_TIMEOUT);

afterAll(async () => {
  if (site) await rm(site.dir, { recursive: true, force: true });
});

describe('incremental build', () => {
  it(
    'renders and compresses only the edited page, and keeps the bundles',
    async () => {
      const untouched = ['dist/about/index.html', 'dist/about/index.html.br', 'dist-server/main.js', 'dist/.vite/manifest.json'];
      const before = await Promise.all(untouched.map(mtime));
      const doc = JSON.parse(await readFile(file(site.sample.document), 'utf8')) as { title: string };
      await writeFile(file(site.sample.document), JSON.stringify({ ...doc, title: 'An edited title for the incremental build' }, null, 2));

      const output = await build();
      expect(firstBuild).toMatch(/pictures 1 encoded and 0 reused/);
      expect(output).toMatch(/page documents 1 written with pictures 0 encoded and 1 reused .*, prerender 1 pages .*code unchanged/);
      const html = await readFile(file(`dist${site.sample.path}/index.html`), 'utf8');
      expect(html).toContain('<title>An edited title for the incremental build</title>');
      expect(await mtime(`dist${site.sample.path}/index.html.br`)).toBeGreaterThanOrEqual(await mtime(`dist${site.sample.path}/index.html`));
      expect(await Promise.all(untouched.map(mtime))).toEqual(before);
    },
    4 * UI_TIMEOUT,
  );

  it(
    'builds everything again after a code change, the home page rendered rather than left as the template',
    async () => {
      const main = file('src/browser-app.tsx');
      await writeFile(main, `${await readFile(main, 'utf8')}\n`);
      const output = await build();
      expect(output).not.toContain('code unchanged');
      expect(output).toMatch(new RegExp(`prerender ${site.pages} pages`));
      // dist/ was made anew: the photograph's variants are linked again from the cache, not encoded again.
      expect(output).toMatch(/pictures 0 encoded and 1 reused/);
      expect((await readdir(file('dist/_img'))).filter((n) => n.startsWith('our-story.'))).toHaveLength(18);
      const home = await readFile(file('dist/index.html'), 'utf8');
      expect(home).not.toContain(HTML_MARKER);
      expect(home).toContain('<h1');
    },
    6 * UI_TIMEOUT,
  );

  it(
    'is served by the running server within seconds, without a restart',
    async () => {
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'follow-build-'));
      const server = spawn(process.execPath, ['dist-server/main.js'], { cwd: site.dir, env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir }, stdio: 'ignore' });
      const base = `http://127.0.0.1:${port}`;
      const title = async () => /<title>([^<]*)<\/title>/.exec(await (await fetch(`${base}${site.sample.path}`)).text())?.[1];
      const pid = async () => ((await (await fetch(`${base}/healthz`)).json()) as { pid: number }).pid;
      try {
        await expect.poll(() => title().catch(() => undefined), { message: 'the server starts' }).toBeDefined();
        const before = await pid();
        const doc = JSON.parse(await readFile(file(site.sample.document), 'utf8')) as { title: string };
        await writeFile(file(site.sample.document), JSON.stringify({ ...doc, title: 'A title published while the server runs' }, null, 2));
        await build();
        const built = Date.now();
        await expect.poll(title, { timeout: 10_000, interval: 200 }).toBe('A title published while the server runs');
        expect(Date.now() - built).toBeLessThan(5000);
        expect(await pid()).toBe(before);
      } finally {
        server.kill('SIGTERM');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    4 * UI_TIMEOUT,
  );
});
