/**
 * The deploy contract of the README, followed to the letter: copy dist/, dist-server/, package.json and
 * package-lock.json to an empty folder, install the production dependencies only, run the compiled server
 * with two workers, and use the site as a visitor and an operator would. Nothing of the source tree is there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { UI_TIMEOUT } from '../timeouts';

const root = path.resolve(import.meta.dirname, '../..');
const article = 'what-to-put-in-an-outsourcing-sla';
let host: string;
let output = '';
let child: ReturnType<typeof spawn>;
let base: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  host = await mkdtemp(path.join(tmpdir(), 'deploy-'));
  for (const part of ['dist', 'dist-server', 'package.json', 'package-lock.json']) await cp(path.join(root, part), path.join(host, part), { recursive: true });
  const install = spawnSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: host, encoding: 'utf8' });
  expect(install.status, install.stderr).toBe(0);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: host,
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: path.join(host, 'data'), WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A hook cannot use expect.poll; vi.waitFor waits the same way.
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`The deployed server exited with ${child.exitCode}:\n${output}`);
      if (!output.includes(`Serving the site at ${base}/ with 2 workers`)) throw new Error(`The deployed server has not started yet:\n${output}`);
    },
    { timeout: UI_TIMEOUT, interval: 100 },
  );
}, 8 * UI_TIMEOUT); // npm ci of the production dependencies, then the server's start

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await rm(host, { recursive: true, force: true });
});

it('installs only production dependencies: no build tools on the host', async () => {
  const installed = JSON.parse(await readFile(path.join(host, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  const names = Object.keys(installed.packages);
  expect(names).toContain('node_modules/pino');
  expect(names).toContain('node_modules/busboy');
  for (const tool of ['vite', 'tsx', 'typescript', 'vitest', 'ajv']) expect(names).not.toContain(`node_modules/${tool}`);
});

it('serves a page, the Insights list and an article with their text in the HTML', async () => {
  const about = await fetch(`${base}/about`);
  expect(about.status).toBe(200);
  expect(await about.text()).toContain('<h1');
  const list = await (await fetch(`${base}/blogs`)).text();
  expect(list).toContain('What to Put in an Outsourcing SLA');
  const page = await fetch(`${base}/blogs/${article}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<h1');
  expect((await fetch(`${base}/blogs/no-such-article`)).status).toBe(404);
});

it('answers /healthz with the version', async () => {
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', version });
});

it('takes an enquiry and writes it to the outbox (through the one writer, with two workers)', async () => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ fullname: 'Mara Lind', email: 'mara@example.com', phone: '9876543210', looking_for: 'SaaS & Software', about_project: 'Tier-1 support for our app, 6 seats.', type: 'alcyone' }))
    form.append(name, value);
  const res = await fetch(`${base}/api/send-email`, { method: 'POST', body: form });
  expect(await res.json()).toEqual({ status: true });
  const outbox = await readFile(path.join(host, 'data', 'outbox.jsonl'), 'utf8');
  expect(outbox).toContain('"fullname":"Mara Lind"');
});

/** The server's JSON log lines so far: only whole lines, as a worker may be writing the next one. */
const logLines = () =>
  output
    .split('\n')
    .slice(0, -1)
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

it('logs one JSON line per request and stops cleanly on SIGTERM', async () => {
  expect(logLines().some((l) => l.msg === 'request' && l.path === '/about' && l.status === 200)).toBe(true);
  // Each request this file made is one line, the article's too: its loaders asked the embedded API in-process, so
  // no /api/ request of theirs went over HTTP into the log. Polled: a line is written when its response closes.
  const requested = () =>
    logLines()
      .filter((l) => l.msg === 'request')
      .map((l) => `${String(l.method)} ${String(l.path)}`)
      .sort();
  await expect.poll(requested).toEqual(['GET /healthz', 'POST /api/send-email', 'GET /about', 'GET /blogs', `GET /blogs/${article}`, 'GET /blogs/no-such-article'].sort());
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
