/**
 * The Vite dev server on a copy of the project in a temporary folder, so a test or the bench may break or edit content
 * files while the real ones stay untouched. node_modules is linked, not copied.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const copied = ['pages', 'pages.json', 'schemas', 'public', 'src', 'blocks', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'scripts', 'server', 'migrations'];
/** Read by the content check when present. */
const copiedIfPresent = ['content-versions.json'];

export interface DevProject {
  /** The copy's folder. */
  dir: string;
  /** The dev server's origin, such as http://127.0.0.1:41234. */
  origin: string;
  server: ViteDevServer;
  close(): Promise<void>;
}

export interface DevProjectOptions {
  /** More of the repository to copy (tests/, for a type check of everything tsconfig.json includes). */
  alsoCopy?: string[];
  /** Changes to the copy before the server starts. */
  prepare?: (dir: string) => Promise<void>;
  /** Run the TypeScript checker plugin (vite.config.ts), which is off otherwise. */
  typeCheck?: boolean;
}

export async function startDevProject(prefix: string, options: DevProjectOptions = {}): Promise<DevProject> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  for (const entry of [...copied, ...copiedIfPresent, ...(options.alsoCopy ?? [])].filter((e) => existsSync(path.join(root, e)))) {
    await cp(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await options.prepare?.(dir);
  // A dev server whatever the caller's NODE_ENV, for as long as it runs: Vite takes "production" from it over the
  // mode, also when it bundles a dependency later on (then React's production build, without jsxDEV, breaks every
  // page), and the bench's process has it set.
  const callerNodeEnv = process.env.NODE_ENV;
  const callerTypeCheck = process.env.DEV_TYPE_CHECK;
  process.env.NODE_ENV = 'development';
  // Without the type checker unless asked for: it runs tsc over the whole project beside what is tested or measured.
  process.env.DEV_TYPE_CHECK = options.typeCheck ? '1' : '0';
  const server = await createServer({
    root: dir,
    configFile: path.join(dir, 'vite.config.ts'),
    // Its own dependency cache: the default one lies in the real node_modules, behind the symlink.
    cacheDir: path.join(dir, '.vite'),
    server: { port: 0, host: '127.0.0.1' },
    logLevel: 'silent',
  });
  const restoreEnv = () => {
    for (const [name, value] of [
      ['NODE_ENV', callerNodeEnv],
      ['DEV_TYPE_CHECK', callerTypeCheck],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  await server.listen();
  // By address, not "localhost": another process may hold the same port on ::1, where the browser would try first.
  const origin = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
  return {
    dir,
    origin,
    server,
    async close() {
      // Keep-alive connections of a browser still open would hold the server's close.
      (server.httpServer as { closeAllConnections?: () => void } | null)?.closeAllConnections?.();
      await server.close();
      restoreEnv();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
