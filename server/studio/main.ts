/**
 * `npm run studio`: the studio's process. It reads its settings, prints the first admin's one-time setup link
 * when there is no user yet, and listens until SIGINT/SIGTERM.
 */
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { createLogger } from '../logger.ts';
import { createAccounts } from './accounts.ts';
import { createFileAccountStore } from './file-account-store.ts';
import { readStudioConfig } from './studio-config.ts';
import { createStudioServer } from './studio-server.ts';
import { createSchemaValidator } from '../../scripts/content-check/schema-validator.ts';
import { buildCheckout, readSchemaFiles } from './checkout-build.ts';
import { createContentApi } from './content-api.ts';
import { createFileDraftStore } from './draft-store.ts';
import { gitCheckout } from './git-checkout.ts';
import { createPublisher } from './publisher.ts';
import { editorFiles } from './editor-files.ts';
import { publicPictures } from './public-pictures.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function main(): Promise<void> {
  const config = readStudioConfig(process.env, root);
  const log = createLogger(config.logLevel);
  const store = createFileAccountStore(config.dataDir);
  const git = gitCheckout(root);
  const publisher = createPublisher({ root, git, build: () => buildCheckout(root), schemaFiles: () => readSchemaFiles(root), push: config.push });
  let validator: ReturnType<typeof createSchemaValidator> | undefined;
  const content = createContentApi({ root, drafts: createFileDraftStore(config.dataDir), publisher, git, store, validator: () => (validator ??= createSchemaValidator(path.join(root, 'schemas'))) });
  const server = createStudioServer({ store, origin: config.origin, trustProxy: config.trustProxy, logger: log, content, editor: editorFiles(root), pictures: publicPictures(root) });
  server.on('error', (error: NodeJS.ErrnoException) => {
    log.fatal(
      error.code === 'EADDRINUSE' ? `Port ${config.port} on ${config.host} is already in use. Stop the other program or choose another port: STUDIO_PORT=${config.port + 1} npm run studio` : `The studio could not listen: ${error.message}`,
    );
    process.exit(1);
  });
  server.listen(config.port, config.host, async () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const base = config.origin ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    log.info({ url: `${base}/studio`, dataDir: config.dataDir }, `The studio is at ${base}/studio`);
    const accounts = createAccounts(store);
    if (await accounts.needsFirstAdmin()) {
      // Printed, never logged: the link is a secret, and logs are kept and shipped.
      process.stdout.write(`\nNo studio user yet. Open this link within 24 hours to set up the first admin (it works once):\n\n  ${base}/studio/setup#${await accounts.issueSetupToken()}\n\n`);
    }
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `The studio could not start: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
