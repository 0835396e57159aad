/**
 * Compiled production servers (dist-server/main.js) sharing one PostgreSQL database and one SMTP server, as a
 * host runs several instances behind a proxy trusted through TRUST_PROXY; with the reads the enquiry tests make
 * of the database and of the mail that arrived.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { UI_TIMEOUT } from '../timeouts.ts';
import { freePort } from '../unit/fixtures/listen.ts';
import { numberedEnquiry } from '../unit/fixtures/numbered-enquiry.ts';
import { startPostgresCluster, type PostgresCluster } from '../unit/fixtures/postgres-cluster.ts';
import { startSmtpSink, type SmtpSink } from '../unit/fixtures/smtp-sink.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface CompiledServer {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** Starts servers on one data folder and stops every one it started. */
export function serverFleet(dataDir: string) {
  const servers: CompiledServer[] = [];
  const start = async (databaseUrl: string, smtpPort: number, moreEnv: Record<string, string> = {}): Promise<CompiledServer> => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'dist-server', 'main.js')], {
      env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_TO: 'sales@example.com', LOG_LEVEL: 'info', ...moreEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const server = { child, base: `http://127.0.0.1:${port}`, output: () => output };
    servers.push(server);
    await expect.poll(() => (child.exitCode === null ? output : `exited with ${child.exitCode}: ${output}`), { message: 'the server starts and reaches the database' }).toContain('Enquiries are stored in PostgreSQL');
    return server;
  };
  return {
    start,
    /** Two servers on one database and one mail server, as behind a load balancer. */
    startTwo: async (databaseUrl: string, smtpPort: number, moreEnv: Record<string, string> = {}): Promise<[CompiledServer, CompiledServer]> => [await start(databaseUrl, smtpPort, moreEnv), await start(databaseUrl, smtpPort, moreEnv)],
    stopAll: () => Promise.all(servers.splice(0).map((server) => stopServer(server, 'SIGTERM'))),
  };
}

export async function stopServer(server: CompiledServer, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

/** Posts enquiry number `n` as the visitor at address `client`. */
export async function sendEnquiry(server: CompiledServer, n: number, client: string): Promise<{ status: number; body: { status: boolean; message?: string } }> {
  const res = await fetch(`${server.base}/api/send-email`, { method: 'POST', body: numberedEnquiry(n, 'weekend support for our billing app'), headers: { 'X-Forwarded-For': client } });
  return { status: res.status, body: (await res.json()) as { status: boolean; message?: string } };
}

export async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Resolves once every enquiry is delivered and no mail job is left: nothing more can be sent, twice or at all. */
export async function allDelivered(databaseUrl: string, count: number, timeout = UI_TIMEOUT): Promise<void> {
  await expect.poll(async () => (await query<{ n: number }>(databaseUrl, `SELECT count(*)::int AS n FROM enquiries.enquiry WHERE state = 'delivered'`))[0]!.n, { timeout, message: 'every enquiry delivered' }).toBe(count);
  await expect.poll(async () => (await query<{ n: number }>(databaseUrl, `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'enquiry-mail' AND state < 'completed'`))[0]!.n, { timeout, message: 'no mail job left' }).toBe(0);
}

/** The enquiry number a mail carries. */
export const enquiryNumberOf = (mail: SmtpSink['messages'][number]) => Number(/Enquiry number (\d+):/.exec(mail.body)?.[1]);

/** How many times each enquiry number arrived at the SMTP server. */
export function arrivals(sink: SmtpSink | undefined): Map<number, number> {
  const counts = new Map<number, number>();
  for (const mail of sink?.messages ?? []) counts.set(enquiryNumberOf(mail), (counts.get(enquiryNumberOf(mail)) ?? 0) + 1);
  return counts;
}

/** How many enquiries one server says it delivered. */
export const deliveredBy = (server: CompiledServer) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"Enquiry delivered"')).length;

/**
 * A test file's setting: one throw-away PostgreSQL cluster and data folder for the file, and the servers and mail
 * sinks a test starts, stopped after it.
 */
export function serversOnPostgres(name: string) {
  let cluster: PostgresCluster | undefined;
  let fleet: ReturnType<typeof serverFleet> | undefined;
  let dataDir = '';
  const sinks: SmtpSink[] = [];
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    dataDir = await mkdtemp(path.join(tmpdir(), `${name}-`));
    fleet = serverFleet(dataDir);
  });
  afterEach(async () => {
    await fleet?.stopAll();
    await Promise.all(sinks.splice(0).map((sink) => sink.close()));
  });
  afterAll(async () => {
    await cluster?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get cluster() {
      return cluster!;
    },
    get fleet() {
      return fleet!;
    },
    /** A real SMTP server on `port` (a free one when not given), closed after the test. */
    async mailSink(port?: number): Promise<SmtpSink> {
      const sink = await startSmtpSink(port);
      sinks.push(sink);
      return sink;
    },
  };
}
