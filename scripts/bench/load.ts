/**
 * The load part of the bench: the compiled production server (dist-server/main.js) started as a host would
 * run it, with 1 and with 2 workers, and autocannon (50 connections) on a static page, the Insights list and
 * an article — the two rendered on request, served from the response cache.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadResult {
  workers: number;
  target: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

export const loadTargets = { static: '/about', list: '/blogs', article: '/blogs/what-to-put-in-an-outsourcing-sla' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function withServer<T>(root: string, workers: number, task: (origin: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  const child = spawn(process.execPath, [path.join(root, 'dist-server', 'main.js')], {
    env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: String(workers), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error(`The server did not start on ${origin} within 20 s.`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return await task(origin);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runLoadBench(root: string, { connections = 50, durationS = 10 } = {}): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const workers of [1, 2]) {
    await withServer(root, workers, async (origin) => {
      for (const [, target] of Object.entries(loadTargets)) {
        // Warm up: the first request of a page rendered on request fills the cache.
        await autocannon({ url: origin + target, connections: 4, duration: 1, headers: { 'accept-encoding': 'br, gzip' } });
        const run = await autocannon({ url: origin + target, connections, duration: durationS, headers: { 'accept-encoding': 'br, gzip' } });
        results.push({ workers, target, requestsPerSecond: run.requests.average, p99Ms: run.latency.p99, errors: run.errors + run.timeouts + run.non2xx });
      }
    });
  }
  return results;
}
