/**
 * The compiled server as a process manager sees it: with WEB_CONCURRENCY workers, a fault that stops them before
 * they serve stops the server with exit code 1 and the workers' own message; a worker that dies later is
 * replaced after a growing delay, and repeated crashes stop the server rather than loop for ever; a stop signal
 * drains open requests and logs each one it had to cut.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createServer, type Server } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { UI_TIMEOUT } from '../timeouts.ts';
import { freePort } from '../unit/fixtures/listen.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  base: string;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'server-process-'));
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [path.join(root, 'dist-server', 'main.js')], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'debug', ...env, PORT: port }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });
  return { child, output: () => output, exited, base: `http://127.0.0.1:${port}` };
}

const within = <T>(promise: Promise<T>, what: string, ms = UI_TIMEOUT) => Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`Not within ${ms} ms: ${what}`)), ms))]);

const listeningWorkers = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.includes('"msg":"Worker listening"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);

it('stops with exit code 1 and the workers own message when the port is taken, instead of restarting them for ever', async () => {
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => blocker.close(resolve)));
  const port = String((blocker.address() as { port: number }).port);
  const server = await startServer({ PORT: port, WEB_CONCURRENCY: '2' });
  expect(await within(server.exited, 'the server exits')).toBe(1);
  expect(server.output()).toContain(`Port ${port} on 127.0.0.1 is already in use. Stop the other server or choose another port`);
  expect(server.output()).toContain('A worker stopped before it could serve; its message above says why. Stopping the server.');
  expect(server.output()).not.toContain('starting another');
});

it(
  'replaces a worker that dies after it served, each time a little later, while the other serves; the fifth crash within a minute stops the server',
  async () => {
    const server = await startServer({ WEB_CONCURRENCY: '2' });
    await expect.poll(() => listeningWorkers(server.output()).length, { message: 'both workers listen' }).toBe(2);
    const delays: number[] = [];
    for (let crash = 1; crash <= 5; crash++) {
      const workers = listeningWorkers(server.output());
      process.kill(workers.at(-1)!, 'SIGKILL');
      if (crash === 5) break;
      await expect.poll(() => listeningWorkers(server.output()).length, { message: `a worker replaces crash ${crash}`, timeout: 2 * UI_TIMEOUT }).toBe(workers.length + 1);
      delays.push(
        Number(
          /starting another in ([\d.]+) s/g.exec(
            server
              .output()
              .split('\n')
              .findLast((l) => l.includes('starting another'))!,
          )?.[1],
        ),
      );
      expect((await fetch(`${server.base}/about`)).status).toBe(200);
    }
    expect(delays).toEqual([1, 2, 4, 8]);
    expect(await within(server.exited, 'the server exits after the fifth crash')).toBe(1);
    expect(server.output()).toContain('Workers stopped unexpectedly 5 times within 1 minute: stopping the server rather than restarting them for ever.');
  },
  3 * UI_TIMEOUT,
);

it('drains open requests on a stop signal, also one Ctrl-C delivered twice (by the terminal and by npm), and logs each request it had to cut', async () => {
  const server = await startServer({});
  await expect.poll(() => server.output()).toContain('Serving the site at');
  // An enquiry whose body never finishes arriving: the request stays open until the drain cuts it.
  const hanging = http.request(`${server.base}/api/send-email`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '1000' } });
  hanging.on('error', () => undefined);
  hanging.write('--x\r\n');
  await expect.poll(async () => (await fetch(`${server.base}/healthz`)).status).toBe(200);
  server.child.kill('SIGINT');
  server.child.kill('SIGINT');
  expect(await within(server.exited, 'the server exits after its drain')).toBe(0);
  const cut = server
    .output()
    .split('\n')
    .filter((line) => line.includes('A request was cut short'))
    .map((line) => JSON.parse(line) as { method: string; path: string; level: number });
  expect(cut).toEqual([expect.objectContaining({ method: 'POST', path: '/api/send-email', level: 40 })]);
});
