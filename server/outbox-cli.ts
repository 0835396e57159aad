/**
 * `npm run outbox [-- --retry-dead] [-- --import] [-- --data-dir DIR]`: how many enquiries are queued, delivered
 * and dead letters, and which are dead and why, in the storage the server uses (server/enquiries/: PostgreSQL
 * with DATABASE_URL, else the JSONL files of DATA_DIR); `--retry-dead` queues the dead letters again; `--import`
 * copies a JSONL outbox into PostgreSQL once. Compiled with the server to dist-server/outbox.js, so it works on a
 * host too.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, databaseUrl } from './config.ts';
import type { EnquiryStore } from './enquiries/enquiry-store.ts';
import { createFileStore } from './enquiries/file-store.ts';
import { createPostgresStore, type PostgresStore } from './enquiries/postgres-store.ts';
import { silentLogger } from './logger.ts';

const HELP = `Usage: npm run outbox [-- --retry-dead] [-- --import] [-- --data-dir DIR]

Prints how many enquiries are queued, delivered and dead letters: in PostgreSQL when DATABASE_URL is set,
else in the files of DATA_DIR (default .data/).
  --retry-dead     queue every dead letter again; the running servers send them within 30 seconds
  --import         copy the enquiries of DATA_DIR's outbox.jsonl into PostgreSQL (needs DATABASE_URL); run it
                   again safely: enquiries already in the database are left as they are
  --data-dir DIR   read DIR instead of DATA_DIR
  --help           this text`;

interface Args {
  retryDead: boolean;
  importFiles: boolean;
  dataDir: string | undefined;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { retryDead: false, importFiles: false, dataDir: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(HELP);
      process.exit(0);
    } else if (arg === '--retry-dead') args.retryDead = true;
    else if (arg === '--import') args.importFiles = true;
    else if (arg === '--data-dir' && argv[i + 1]) args.dataDir = argv[++i];
    else {
      console.error(`Unknown option "${arg}".\n\n${HELP}`);
      process.exit(2);
    }
  }
  return args;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function run(store: EnquiryStore, args: Args, dataDir: string): Promise<void> {
  if (args.importFiles) {
    const result = await (store as PostgresStore).importOutbox(dataDir);
    console.log(`Imported ${plural(result.imported, 'enquiry', 'enquiries')} from ${dataDir} into ${store.describe()} (${result.queued} of them queued for delivery); ${result.alreadyThere} were there already.`);
  }
  const { queued, delivered, dead } = await store.report();
  console.log(`Enquiries in ${store.describe()}: ${queued} queued, ${delivered} delivered, ${plural(dead.length, 'dead letter')}.`);
  for (const letter of dead) console.log(`  dead: ${letter.id}  received ${letter.receivedAt}  from ${letter.email}  — ${letter.reason}`);
  if (args.retryDead) {
    if (dead.length === 0) console.log('No dead letters to retry.');
    else {
      const count = await store.retryDead();
      console.log(`Queued ${plural(count, 'dead letter')} again; the running server sends them within 30 seconds.`);
    }
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = path.resolve(root, args.dataDir ?? process.env.DATA_DIR ?? '.data');
  let url: string | undefined;
  try {
    url = databaseUrl(process.env.DATABASE_URL);
  } catch (error) {
    if (error instanceof ConfigError) throw new Error(error.message);
    throw error;
  }
  if (args.importFiles && !url) {
    console.error('--import copies the JSONL outbox into PostgreSQL: set DATABASE_URL to the database the servers use.');
    process.exit(2);
  }
  if (!url) return run(createFileStore(dataDir), args, dataDir);
  const store = createPostgresStore(url, silentLogger);
  try {
    await store.connect();
    await run(store, args, dataDir);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Could not read the outbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
