/**
 * The studio and the public site on one checkout, started as their users start them: `npm start` (the compiled
 * server, following new builds) and `npm run studio` (its editor built first when needed, each publish pushed to
 * origin main), a publisher added with `npm run studio:user`, and signed in over HTTP as the browser does.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort } from '../../tests/unit/fixtures/listen.ts';

const run = promisify(execFile);

export interface BenchServer {
  origin: string;
  /** Resolves once every process of its group has been told to stop and its npm has exited. */
  stop(): Promise<void>;
}

export const PUBLISHER = { email: 'pat@example.com', name: 'Pat Okafor', password: 'a long enough password' };

/** Only what the processes need: none of the bench's own settings (NODE_ENV among them) reach them. */
const baseEnv = (dataDir: string) => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1' });

/** `npm <args>` in `dir`, in a process group of its own (npm, its shell, tsx and node), until `probe` answers. */
async function startNpm(dir: string, args: string[], env: Record<string, string>, origin: string, probe: string, what: string): Promise<BenchServer> {
  const child: ChildProcess = spawn('npm', args, { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  // A first start builds the studio's editor (about a minute on a busy machine).
  for (const deadline = Date.now() + 300_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (child.exitCode !== null) throw new Error(`${what} (npm ${args.join(' ')} in ${dir}) exited with ${child.exitCode} before answering:\n${output.join('').slice(-3000)}`);
    const answered = await fetch(origin + probe).then(
      () => true,
      () => false,
    );
    if (answered) return { origin, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${what} did not answer at ${origin}${probe} within 5 minutes:\n${output.join('').slice(-3000)}`);
    }
  }
}

/** `npm start` in the checkout (built already): the public site. */
export async function startSite(dir: string, dataDir: string): Promise<BenchServer> {
  const port = await freePort();
  return startNpm(dir, ['start'], { ...baseEnv(dataDir), PORT: String(port) }, `http://127.0.0.1:${port}`, '/healthz', 'The site');
}

/** The publisher, added with `npm run studio:user` (the password on standard input), then `npm run studio`. */
export async function startStudio(dir: string, dataDir: string): Promise<BenchServer> {
  const env = baseEnv(dataDir);
  const adding = run('npm', ['run', '--silent', 'studio:user', '--', 'add', PUBLISHER.email, '--name', PUBLISHER.name, '--role', 'publisher'], { cwd: dir, env });
  adding.child.stdin!.end(`${PUBLISHER.password}\n`);
  await adding;
  const port = await freePort();
  return startNpm(dir, ['run', 'studio'], { ...env, STUDIO_PORT: String(port), STUDIO_GIT_PUSH: 'origin main' }, `http://127.0.0.1:${port}`, '/studio', 'The studio');
}

/** Signs the publisher in as the sign-in form does (JSON, the studio's own Origin); the session cookie, "name=value". */
export async function signIn(studio: string): Promise<string> {
  const res = await fetch(`${studio}/studio/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: studio },
    body: JSON.stringify({ email: PUBLISHER.email, password: PUBLISHER.password }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`Signing in to the studio at ${studio} failed (${res.status}): ${await res.text()}`);
  return cookie;
}
