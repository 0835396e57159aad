/**
 * The production server's process: read the build, listen, stop cleanly on SIGINT/SIGTERM. It builds nothing
 * (`npm start` runs scripts/start.ts, which builds when needed and then calls `main`). PORT (4173), HOST
 * (127.0.0.1), DATA_DIR and VITE_API_HOST change where it listens, where enquiries are stored and which API
 * origin the CSP allows. The site's settings come from the server bundle, not from pages.json.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { distLayout, type ServerBundle } from '../src/model/dist-layout.ts';
import { createApiHandler } from './api/router.ts';
import { createSiteServer } from './site-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class StartError extends Error {}

function portFromEnv(): number {
  const raw = process.env.PORT ?? '4173';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartError(`PORT must be a number from 0 to 65535, not "${raw}".`);
  return port;
}

async function loadBundle(ssrDir: string): Promise<ServerBundle> {
  const file = path.join(ssrDir, distLayout.serverEntry);
  try {
    return (await import(pathToFileURL(file).href)) as ServerBundle;
  } catch (error) {
    throw new StartError(`There is no usable build at ${file}: run "npm run build" first.\n${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function main(root: string = repoRoot): Promise<void> {
  const port = portFromEnv();
  const host = process.env.HOST ?? '127.0.0.1';
  const ssrDir = path.join(root, distLayout.serverDir);
  const { site } = await loadBundle(ssrDir);

  const server = createSiteServer({
    distDir: path.join(root, distLayout.clientDir),
    site,
    apiHandler: createApiHandler({ dataDir: process.env.DATA_DIR ?? path.join(root, '.data'), siteId: site.settings.siteId }),
    apiHost: process.env.VITE_API_HOST ?? site.settings.apiHost,
    ssrDir,
  });

  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') console.error(`Port ${port} on ${host} is already in use. Stop the other server or choose another port: PORT=${port + 1} npm start`);
    else if (error.code === 'EACCES') console.error(`Not allowed to listen on ${host}:${port}. Choose a port above 1023: PORT=4173 npm start`);
    else console.error('The server stopped with an error:', error);
    process.exit(1);
  });

  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    console.log(`Serving the site at http://${shownHost}:${actualPort}/`);
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C does not wait for open connections.
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\n${signal} received: closing the server…`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Keep-alive and slow clients get five seconds to finish.
    setTimeout(() => server.closeAllConnections(), 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

export function reportStartFailure(error: unknown): never {
  if (error instanceof StartError) console.error(error.message);
  else console.error('Could not start the server:', error);
  process.exit(1);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) main().catch(reportStartFailure);
