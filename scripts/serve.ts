/**
 * `npm start`: builds when dist/ is missing or stale, then serves it with the embedded API
 * (scripts/server/create-site-server.ts). PORT (4173), HOST (127.0.0.1), DATA_DIR and VITE_API_HOST
 * change where it listens, where enquiries are stored and which API origin the CSP allows.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SiteConfig } from '../src/generated/site-config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(repoRoot, 'dist');

class StartError extends Error {}

async function buildIfNeeded(): Promise<void> {
  const { ensureBuilt } = await import('./build.ts');
  try {
    await ensureBuilt();
  } catch (error) {
    throw new StartError(`The build failed, so there is nothing current to serve.\n${error instanceof Error ? error.message : String(error)}`);
  }
}

function portFromEnv(): number {
  const raw = process.env.PORT ?? '4173';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartError(`PORT must be a number from 0 to 65535, not "${raw}".`);
  return port;
}

async function main(): Promise<void> {
  const port = portFromEnv();
  const host = process.env.HOST ?? '127.0.0.1';
  await buildIfNeeded();

  // Imported here so that importing this file starts nothing and loads nothing heavy.
  const { createSiteServer } = await import('./server/create-site-server.ts');
  const { createApiHandler } = await import('./api/index.ts');
  const site = JSON.parse(await readFile(path.join(repoRoot, 'pages.json'), 'utf8')) as SiteConfig;

  const server = createSiteServer({
    distDir,
    site,
    apiHandler: createApiHandler({ dataDir: process.env.DATA_DIR ?? path.join(repoRoot, '.data') }),
    apiHost: process.env.VITE_API_HOST ?? site.settings.apiHost,
    ssrDir: path.join(repoRoot, 'dist-ssr'),
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

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  main().catch((error: unknown) => {
    if (error instanceof StartError) console.error(error.message);
    else console.error('Could not start the server:', error);
    process.exit(1);
  });
}
