/**
 * `npm run studio`: the studio's process. It reads its settings, prints the first admin's one-time setup link
 * when there is no user yet, and listens until SIGINT/SIGTERM.
 */
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { StorageUnavailableError } from '../enquiries/enquiry-store.ts';
import { createLogger } from '../logger.ts';
import { createAccounts } from './accounts.ts';
import { openStudioStores, type StudioStores } from './open-studio-stores.ts';
import { readStudioConfig } from './studio-config.ts';
import { createStudioServer } from './studio-server.ts';
import { createSchemaValidator } from '../../scripts/content-check/schema-validator.ts';
import { buildCheckout, readSchemaFiles } from './checkout-build.ts';
import { gitCheckout } from './git-checkout.ts';
import { createPublisher } from './publisher.ts';
import { studioActions } from './studio-actions.ts';
import { editorFiles } from './editor-files.ts';
import { publicPictures } from './public-pictures.ts';
import { createImageEndpoint } from '../images/image-endpoint.ts';
import { createMailTransport } from '../mail/mail-transport.ts';
import { reviewNotices } from './review-notices.ts';
import { readFileSync } from 'node:fs';

const root = path.resolve(import.meta.dirname, '../..');
const RETRY_MAX_MS = 30_000;
const THUMBNAIL_CACHE_BYTES = 128 * 1024 * 1024;

/** Resolves once the stores answer: the database may be down at start (each try's failure is logged by the store). */
async function whenReady(stores: StudioStores, delayMs = 1000): Promise<void> {
  try {
    await stores.ready();
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return whenReady(stores, Math.min(RETRY_MAX_MS, delayMs * 2));
  }
}

/** The site's host name (settings.siteUrl), for the sender of review mails when MAIL_FROM is not set. */
function siteHost(): string {
  try {
    return new URL((JSON.parse(readFileSync(path.join(root, 'pages.json'), 'utf8')) as { settings: { siteUrl: string } }).settings.siteUrl).hostname;
  } catch {
    return 'localhost';
  }
}

async function main(): Promise<void> {
  const config = readStudioConfig(process.env, root);
  const log = createLogger(config.logLevel);
  const stores = openStudioStores(config, log);
  const store = stores.accounts;
  const git = gitCheckout(root);
  // Read once, as the validator is: schemas change with a deploy, which restarts the studio.
  let schemas: ReturnType<typeof readSchemaFiles> | undefined;
  let validator: ReturnType<typeof createSchemaValidator> | undefined;
  const compiled = () => (validator ??= createSchemaValidator(path.join(root, 'schemas')));
  const publisher = createPublisher({ root, git, build: () => buildCheckout(root), schemaFiles: () => (schemas ??= readSchemaFiles(root)), validator: compiled, push: config.push });
  // Review mails go through the site's own mail transport, only when SMTP_URL is set (without it the studio shows them).
  let studioOrigin = config.origin ?? `http://localhost:${config.port}`;
  const notices = reviewNotices({
    root,
    transport: config.smtpUrl ? createMailTransport(config.smtpUrl, path.join(config.dataDir, 'mail')) : undefined,
    from: config.mailFrom ?? `no-reply@${siteHost()}`,
    studioOrigin: () => studioOrigin,
    log,
  });
  const { content, previews, scheduler } = studioActions({ root, stores, publisher, git, validator: compiled, secure: config.origin?.startsWith('https://') ?? false, log, notices });
  // The library's thumbnails, made from public/ as the dev server makes them; only this site's pictures, by path.
  const thumbnails = createImageEndpoint({ distDir: path.join(root, 'public'), apiHost: '', cacheDir: path.join(config.dataDir, 'studio', 'image-cache'), cacheBytes: THUMBNAIL_CACHE_BYTES, cacheControl: 'no-store' });
  const server = createStudioServer({ store, origin: config.origin, trustProxy: config.trustProxy, logger: log, content, editor: editorFiles(root), pictures: publicPictures(root), thumbnails, previews });
  let stopScheduler = async () => {};
  server.on('error', (error: NodeJS.ErrnoException) => {
    log.fatal(
      error.code === 'EADDRINUSE' ? `Port ${config.port} on ${config.host} is already in use. Stop the other program or choose another port: STUDIO_PORT=${config.port + 1} npm run studio` : `The studio could not listen: ${error.message}`,
    );
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const base = config.origin ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    studioOrigin = base;
    log.info({ url: `${base}/studio`, storage: stores.where }, `The studio is at ${base}/studio; its accounts and drafts are in ${stores.where}`);
    const offerSetup = async () => {
      await whenReady(stores);
      const accounts = createAccounts(store);
      if (await accounts.needsFirstAdmin()) {
        // Printed, never logged: the link is a secret, and logs are kept and shipped.
        process.stdout.write(`\nNo studio user yet. Open this link within 24 hours to set up the first admin (it works once):\n\n  ${base}/studio/setup#${await accounts.issueSetupToken()}\n\n`);
      }
    };
    // Due publishes missed while the studio was stopped go out at once, then every STUDIO_SCHEDULE_CHECK_MS.
    stopScheduler = scheduler.start(config.scheduleCheckMs);
    // The studio keeps serving (a 503 while its database is away); a restart offers the link again.
    offerSetup().catch((error: unknown) => log.error({ reason: (error as Error).message }, "The first admin's setup link could not be made; restart the studio to try again"));
  });
  // A scheduled publish under way finishes first: stopping mid-build would leave the checkout half-written.
  const stop = () => void stopScheduler().then(() => server.close(() => void stores.close().then(() => process.exit(0))));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `The studio could not start: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
