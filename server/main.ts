/**
 * The production server's process: read the configuration, then listen — in this process, or in
 * WEB_CONCURRENCY worker processes sharing the port — deliver the enquiries (one process does), and stop gracefully on SIGINT/SIGTERM, letting open
 * requests finish. It builds nothing: `npm start` (scripts/start.mjs) builds when needed, then runs the
 * compiled copy of this file, dist-server/main.js. Everything it reads at run time is in dist/ and
 * dist-server/: the site's settings come from the render bundle, not from pages.json.
 */
import cluster from 'node:cluster';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { distLayout } from '../src/model/dist-layout.ts';
import { createApiHandler } from './api/router.ts';
import { builtPageHtml } from './api/built-page-html.ts';
import { serveOutboxWrites } from './enquiries/outbox-file.ts';
import { ConfigError, readConfig, type ServerConfig } from './config.ts';
import { openEnquiryStore } from './enquiries/open-store.ts';
import { createLogger, type Logger } from './logger.ts';
import { startMail } from './mail/start-mail.ts';
import { chooseApiHost } from '../src/model/api-host.ts';
import { createSiteServer } from './site-server.ts';
import { importRenderBundle, RenderBundleError } from './render-bundle.ts';
import { CRASH_WINDOW_MS, createRestartPolicy } from './worker-restarts.ts';

declare const __APP_VERSION__: string | undefined;
/** Set by the build (package.json's version); "dev" when this file runs from source. */
const VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
/** How long open connections get to finish after a stop signal. */
const DRAIN_MS = 5000;
/** A stop signal repeated within this long is the same one delivered twice (see onStopSignal). */
const REPEATED_SIGNAL_MS = 1000;

/** dist-server/main.js and server/main.ts both sit one folder below the root. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

class StartError extends Error {}

async function runServer(config: ServerConfig, log: Logger): Promise<void> {
  const renderDir = path.join(root, distLayout.renderDir);
  const { siteConfig: site } = await importRenderBundle(renderDir);
  const enquiries = openEnquiryStore(config, log);
  // With workers, the primary delivers (runPrimary); a single process does it itself.
  const delivery = cluster.isWorker ? undefined : startMail(enquiries, config, site, log);
  const distDir = path.join(root, distLayout.clientDir);
  // A form sent without JavaScript is answered with a page made from the built page it was on, by the route table
  // of the build being served (followBuilds moves it on).
  let served = site;
  const pageHtml = builtPageHtml(distDir, () => served);
  const server = createSiteServer({
    distDir,
    site,
    apiHandler: createApiHandler({ enquiries, siteId: site.settings.siteId, siteUrl: site.settings.siteUrl, pageHtml, samplesDir: path.join(root, distLayout.samplesDir), logger: log }),
    enquiryHealth: () => enquiries.health(),
    apiHost: chooseApiHost(config.apiHost, site.settings.apiHost),
    renderDir,
    logger: log,
    trustProxy: config.trustProxy,
    version: VERSION,
    blogCacheMs: config.blogCacheMs,
    imageCache: { dir: path.join(config.dataDir, 'image-cache'), maxBytes: config.imageCacheBytes },
    // A build beside the running server (a page published from the studio) is served within a second or two.
    followBuilds: { loadSite: async (build) => (served = (await importRenderBundle(renderDir, build)).siteConfig) },
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

  // The requests still open, to say which ones the drain cut.
  const open = new Map<http.IncomingMessage, number>();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    open.set(req, Date.now());
    res.once('close', () => open.delete(req));
  });

  const stop = onStopSignal(log, (signal) => {
    log.info(`${signal} received: closing the server…`);
    const closed = new Promise((resolve) => server.close(resolve));
    void Promise.all([closed, (delivery?.stop() ?? Promise.resolve()).then(() => enquiries.close())]).then(() => process.exit(0));
    server.closeIdleConnections();
    // Keep-alive and slow clients get a few seconds to finish.
    setTimeout(() => {
      for (const [req, since] of open) log.warn({ method: req.method, path: req.url, ms: Date.now() - since }, `A request was cut short: it had not finished ${DRAIN_MS / 1000} s after the stop signal`);
      server.closeAllConnections();
    }, DRAIN_MS).unref();
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Calls `stop` on the first SIGINT or SIGTERM; a second one exits at once without waiting for open connections.
 * One Ctrl-C under `npm start` arrives twice (from the terminal and from npm, which passes signals on): a
 * repeat within a second is that same Ctrl-C.
 */
function onStopSignal(log: Logger, stop: (signal: NodeJS.Signals) => void): (signal: NodeJS.Signals) => void {
  let firstAt: number | undefined;
  return (signal) => {
    if (firstAt === undefined) {
      firstAt = Date.now();
      stop(signal);
    } else if (Date.now() - firstAt > REPEATED_SIGNAL_MS) {
      log.warn(`${signal} received again: stopping now, without waiting for open requests`);
      process.exit(1);
    }
  };
}

/** The primary of WEB_CONCURRENCY workers: starts them, replaces one that dies, writes the outbox, stops them all. */
async function runPrimary(config: ServerConfig, log: Logger): Promise<void> {
  const { siteConfig: site } = await importRenderBundle(path.join(root, distLayout.renderDir));
  serveOutboxWrites();
  const enquiries = openEnquiryStore(config, log);
  const delivery = startMail(enquiries, config, site, log);
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  let stopping = false;
  let listening = 0;
  const listened = new Set<number>();
  const restarts = createRestartPolicy();
  for (let i = 0; i < config.workers; i++) cluster.fork();

  /** Stops the workers, the delivery and the store, then exits with `code` (at the latest after the drain). */
  const stopAll = (code: number) => {
    stopping = true;
    const exit = () => process.exit(code);
    void delivery.stop().then(() => enquiries.close());
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) exit();
    for (const worker of running) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => Object.keys(cluster.workers ?? {}).length === 0 && exit());
    setTimeout(exit, DRAIN_MS * 2).unref();
  };

  cluster.on('listening', (worker, address) => {
    listened.add(worker.id);
    listening++;
    if (listening === config.workers) log.info(`Serving the site at ${origin(config.host, address.port)} with ${config.workers} workers (version ${VERSION}; enquiries in ${enquiries.describe()})`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const fields = { workerPid: worker.process.pid, code, signal };
    if (!listened.has(worker.id)) {
      // What stops one worker before it serves (the port, the configuration, the build) stops them all.
      log.fatal(fields, 'A worker stopped before it could serve; its message above says why. Stopping the server.');
      return stopAll(1);
    }
    listening--;
    const next = restarts.afterCrash();
    if (next.giveUp) {
      log.fatal(fields, `Workers stopped unexpectedly ${next.crashes} times within ${CRASH_WINDOW_MS / 60_000} minute: stopping the server rather than restarting them for ever. Their messages above say why.`);
      return stopAll(1);
    }
    log.error({ ...fields, restartInMs: next.delayMs }, `A worker stopped unexpectedly; starting another in ${next.delayMs / 1000} s`);
    setTimeout(() => stopping || cluster.fork(), next.delayMs);
  });

  const stop = onStopSignal(log, (signal) => {
    log.info(`${signal} received: closing the workers…`);
    stopAll(0);
  });
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
  if (error instanceof StartError || error instanceof RenderBundleError) console.error(error.message);
  else console.error('Could not start the server:', error);
  process.exit(1);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) start().catch(reportStartFailure);
