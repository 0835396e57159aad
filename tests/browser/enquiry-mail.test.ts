/**
 * Enquiries through the compiled production server to a real SMTP server, as a host runs it: two workers,
 * behind a proxy trusted through TRUST_PROXY. Mail queued during an SMTP outage survives a SIGKILL and is
 * delivered once after the restart; concurrent enquiries from many visitors are each delivered exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { readStates } from '../../server/enquiries/delivery-log.ts';
import { UI_TIMEOUT } from '../timeouts.ts';
import { numberedEnquiry } from '../unit/fixtures/numbered-enquiry.ts';
import { startSmtpSink, type SmtpSink } from '../unit/fixtures/smtp-sink.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let smtpPort: number;
let sink: SmtpSink | undefined;
let server: { child: ChildProcess; base: string; output: () => string } | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function startServer(): Promise<NonNullable<typeof server>> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist-server', 'main.js')], {
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, WEB_CONCURRENCY: '2', TRUST_PROXY: '127.0.0.1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_TO: 'sales@example.com', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  await expect.poll(() => (child.exitCode === null ? output : `exited with ${child.exitCode}: ${output}`), { message: 'the server starts' }).toContain('with 2 workers');
  return { child, base, output: () => output };
}

async function stopServer(signal: NodeJS.Signals): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.child.once('exit', resolve));
  // SIGKILL reaches only the primary; its workers, orphaned, stop when their channel closes.
  server.child.kill(signal);
  await exited;
  server = undefined;
}

const enquiry = (n: number) => numberedEnquiry(n, 'tier-1 support for our app');

async function send(n: number, client: string): Promise<unknown> {
  const res = await fetch(`${server!.base}/api/send-email`, { method: 'POST', body: enquiry(n), headers: { 'X-Forwarded-For': client } });
  return res.json();
}

/** The worker processes of the server that wrote `output` (every JSON log line names its process). */
const workerPids = (output: string, primary: number) =>
  new Set(
    output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => (JSON.parse(l) as { pid: number }).pid)
      .filter((pid) => pid !== primary),
  );

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves once the outbox's every enquiry is recorded as delivered: nothing is left to send, twice or at all. */
const allDelivered = (count: number) => expect.poll(async () => [...(await readStates(dataDir)).values()].filter((state) => state === 'delivered').length, { message: 'every enquiry recorded as delivered' }).toBe(count);

/** How many times each enquiry number arrived. */
const arrivals = () => {
  const counts = new Map<number, number>();
  for (const mail of sink?.messages ?? []) {
    const n = Number(/Enquiry number (\d+):/.exec(mail.body)?.[1]);
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return counts;
};

beforeAll(async () => {
  smtpPort = await freePort();
});

afterEach(async () => {
  await stopServer('SIGTERM');
  await sink?.close();
  sink = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

afterAll(async () => {
  await stopServer('SIGKILL');
});

it(
  'delivers mail queued while the SMTP server was down exactly once, after a SIGKILL and a restart',
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'enquiry-crash-'));
    server = await startServer();
    for (let n = 0; n < 3; n++) expect(await send(n, `203.0.113.${n + 1}`)).toEqual({ status: true });
    const orphans = workerPids(server.output(), server.child.pid!);
    expect(orphans.size).toBeGreaterThan(0);
    await stopServer('SIGKILL');
    // The orphaned workers stop once their channel to the killed primary closes; the restart begins after that.
    await expect.poll(() => [...orphans].filter(running), { message: 'the orphaned workers stop' }).toEqual([]);

    sink = await startSmtpSink(smtpPort);
    server = await startServer();
    await allDelivered(3);
    expect([...arrivals().entries()].sort()).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
  },
  3 * UI_TIMEOUT,
);

it(
  'delivers 20 concurrent enquiries from 20 visitors behind the proxy, and then 200 over 20 connections, each exactly once',
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'enquiry-load-'));
    sink = await startSmtpSink(smtpPort);
    server = await startServer();
    const first = await Promise.all(Array.from({ length: 20 }, (_, n) => send(n, `198.51.100.${n + 1}`)));
    expect(first.every((a) => (a as { status: boolean }).status === true)).toBe(true);

    // 20 connections, each a visitor sending 9 more: 200 in all, within every visitor's rate limit of 10 a minute.
    const lanes = Array.from({ length: 20 }, async (_, lane) => {
      for (let k = 1; k < 10; k++) {
        const n = 20 * k + lane;
        expect(await send(n, `198.51.100.${lane + 1}`)).toEqual({ status: true });
      }
    });
    await Promise.all(lanes);
    await allDelivered(200);
    const counts = arrivals();
    expect(counts.size).toBe(200);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(new Set(sink.messages.map((m) => m.headers.get('message-id')?.[0])).size).toBe(200);
  },
  4 * UI_TIMEOUT,
);
