/**
 * The studio and the public site as processes of their own on one checkout, as `npm run studio` and `npm start`
 * run them: the studio builds its editor first (scripts/build-studio.ts --if-needed), the site serves the checkout's
 * build and follows new ones. Each waits until it answers; `stop` ends it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { UI_TIMEOUT } from '../timeouts.ts';
import { freePort } from '../unit/fixtures/listen.ts';
import { stopServer } from './compiled-server-fleet.ts';

const run = promisify(execFile);

export interface RunningServer {
  origin: string;
  /** What it has printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once the process has exited, so its folders can be removed. */
  stop(): Promise<void>;
}

async function started(child: ChildProcess, origin: string, probe: string): Promise<RunningServer> {
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  // Polled by hand: this runs in a hook, where expect.poll is not available.
  for (const deadline = Date.now() + 2 * UI_TIMEOUT; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (child.exitCode !== null) throw new Error(`It exited with ${child.exitCode}: ${output.join('')}`);
    if (
      await fetch(origin + probe).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`${origin} did not answer within ${(2 * UI_TIMEOUT) / 1000} s: ${output.join('')}`);
  }
  const printed = () => output.join('');
  return { origin, output: printed, stop: () => stopServer({ child, base: origin, output: printed }, 'SIGTERM') };
}

/** `npm run studio` in `dir`: the editor's build when needed, then the studio, pushing each publish to origin main; `extra`: more settings. */
export async function startStudio(dir: string, dataDir: string, extra: Record<string, string> = {}): Promise<RunningServer> {
  await run(process.execPath, ['--import', 'tsx', 'scripts/build-studio.ts', '--if-needed'], { cwd: dir });
  const port = await freePort();
  const env = { PATH: process.env.PATH, HOST: '127.0.0.1', STUDIO_PORT: String(port), DATA_DIR: dataDir, STUDIO_GIT_PUSH: 'origin main', LOG_LEVEL: 'warn', ...extra };
  return started(spawn(process.execPath, ['--import', 'tsx', 'server/studio/main.ts'], { cwd: dir, env }), `http://127.0.0.1:${port}`, '/studio');
}

/** `npm start` in `dir` (its build exists): the compiled production server. */
export async function startSite(dir: string, dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const env = { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  return started(spawn(process.execPath, ['dist-server/main.js'], { cwd: dir, env }), `http://127.0.0.1:${port}`, '/healthz');
}
