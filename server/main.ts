/**
 * The production server's process: read the configuration, then listen — in this process, or in
 * WEB_CONCURRENCY worker processes sharing the port — deliver the enquiries (one process does), and stop gracefully on SIGINT/SIGTERM, letting open
 * requests finish. It builds nothing: `npm start` (scripts/start.mjs) builds when needed, then runs the
 * compiled copy of this file, dist-server/main.js. Everything it reads at run time is in dist/ and
 * dist-server/: the site's settings come from the render bundle, not from pages.json.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { distLayout, type ServerBundle } from '../src/model/dist-layout.ts';
import { createApiHandler } from './api/router.ts';
import { serveOutboxWrites } from './api/outbox.ts';
import { ConfigError, readConfig, type ServerConfig } from './config.ts';
import { openEnquiryStore } from './enquiries/open-store.ts';
import { createLogger, type Logger } from './logger.ts';
import { startMail } from './mail/start-mail.ts';
import { createSiteServer } from './site-server.ts';

declare const __APP_VERSION__: string | undefined;
/** Set by the build (package.json's version); "dev" when this file runs from source. */
const VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
/** How long open connections get to finish after a stop signal. */
const DRAIN_MS = 5000;

/** dist-server/main.js and server/main.ts both sit one folder below the root. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

class StartError extends Error {}

async function loadBundle(renderDir: string): Promise<ServerBundle> {
  const file = path.join(renderDir, distLayout.renderEntry);
  try {
    return (await import(pathToFileURL(file).href)) as ServerBundle;
  } catch (error) {
    throw new StartError(`There is no usable build at ${file}: run "npm run build" first.\n${error instanceof Error ? error.message : String(error)}`);
  }
}

async function runServer(config: ServerConfig, log: Logger): Promise<void> {
  const renderDir = path.join(root, distLayout.renderDir);
  const { siteConfig: site } = await loadBundle(renderDir);
  const enquiries = openEnquiryStore(config, log);
  // With workers, the primary delivers (runPrimary); a single process does it itself.
  const delivery = cluster.isWorker ? undefined : startMail(enquiries, config, site, log);
  const server = createSiteServer({
    distDir: path.join(root, distLayout.clientDir),
    site,
    apiHandler: createApiHandler({ dataDir: config.dataDir, enquiries, siteId: site.settings.siteId, samplesDir: path.join(root, distLayout.samplesDir), logger: log }),
    enquiryHealth: () => enquiries.health(),
    apiHost: config.apiHost ?? site.settings.apiHost,
    renderDir,
    logger: log,
    trustProxy: config.trustProxy,
    version: VERSION,
    blogCacheMs: config.blogCacheMs,
    imageCache: { dir: path.join(config.dataDir, 'image-cache'), maxBytes: config.imageCacheBytes },
  });

  server.on('error', (error: NodeJS.ErrnoException) => {
    const { port, host } = config;
    if (error.code === 'EADDRINUSE') log.fatal(`Port ${port} on ${host} is already in use. Stop the other server or choose another port: PORT=${port + 1} npm start`);
    else if (error.code === 'EACCES') log.fatal(`Not allowed to listen on ${host}:${port}. Choose a port above 1023: PORT=4173 npm start`);
    else log.fatal({ err: error }, 'The server stopped with an error');
    process.exit(1);
  });

  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    if (cluster.isWorker) log.debug({ port }, 'Worker listening');
    else log.info(`Serving the site at ${origin(config.host, port)} (version ${VERSION}; enquiries in ${enquiries.describe()})`);
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C does not wait for open connections.
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal} received: closing the server…`);
    const closed = new Promise((resolve) => server.close(resolve));
    void Promise.all([closed, (delivery?.stop() ?? Promise.resolve()).then(() => enquiries.close())]).then(() => process.exit(0));
    server.closeIdleConnections();
    // Keep-alive and slow clients get a few seconds to finish.
    setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The primary of WEB_CONCURRENCY workers: starts them, replaces one that dies, writes the outbox, stops them all. */
async function runPrimary(config: ServerConfig, log: Logger): Promise<void> {
  const { siteConfig: site } = await loadBundle(path.join(root, distLayout.renderDir));
  serveOutboxWrites();
  const enquiries = openEnquiryStore(config, log);
  const delivery = startMail(enquiries, config, site, log);
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  let stopping = false;
  let listening = 0;
  for (let i = 0; i < config.workers; i++) cluster.fork();

  cluster.on('listening', (_worker, address) => {
    listening++;
    if (listening === config.workers) log.info(`Serving the site at ${origin(config.host, address.port)} with ${config.workers} workers (version ${VERSION}; enquiries in ${enquiries.describe()})`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'A worker stopped unexpectedly; starting another');
    listening--;
    cluster.fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal} received: closing the workers…`);
    void delivery.stop().then(() => enquiries.close());
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), DRAIN_MS * 2).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function origin(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
}

export async function start(): Promise<void> {
  let config: ServerConfig;
  try {
    config = readConfig(process.env, root);
  } catch (error) {
    if (error instanceof ConfigError) throw new StartError(error.message);
    throw error;
  }
  const log = createLogger(config.logLevel);
  if (config.workers > 1 && cluster.isPrimary) await runPrimary(config, log);
  else await runServer(config, log);
}

export function reportStartFailure(error: unknown): never {
  if (error instanceof StartError) console.error(error.message);
  else console.error('Could not start the server:', error);
  process.exit(1);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) start().catch(reportStartFailure);
