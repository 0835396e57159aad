/**
 * The Vite dev server on a copy of the project in a temporary folder, so a test may break or edit content
 * files while the real ones stay untouched. node_modules is linked, not copied.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');
const copied = ['pages', 'pages.json', 'schemas', 'public', 'src', 'blocks', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'scripts', 'server', 'migrations'];
/** Read by the content check when present. */
const copiedIfPresent = ['content-versions.json'];

export interface DevProject {
  /** The copy's folder. */
  dir: string;
  /** The dev server's origin, such as http://localhost:41234. */
  origin: string;
  server: ViteDevServer;
  close(): Promise<void>;
}

/** `host`: the name the server is reached by; the editor's API insists on a loopback name. */
export async function startDevProject(prefix: string, host = 'localhost'): Promise<DevProject> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  for (const entry of [...copied, ...copiedIfPresent].filter((e) => existsSync(path.join(root, e)))) {
    await cp(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const server = await createServer({
    root: dir,
    configFile: path.join(dir, 'vite.config.ts'),
    // Its own dependency cache: the default one lies in the real node_modules, behind the symlink.
    cacheDir: path.join(dir, '.vite'),
    server: { port: 0, host: host === 'localhost' ? '127.0.0.1' : host },
    logLevel: 'silent',
  });
  await server.listen();
  const origin = `http://${host}:${(server.httpServer!.address() as AddressInfo).port}`;
  return {
    dir,
    origin,
    server,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
