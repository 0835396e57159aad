/**
 * `npm run outbox [-- --retry-dead] [-- --data-dir DIR]`: how many enquiries are queued, delivered and dead
 * letters, and which are dead and why; `--retry-dead` queues the dead letters again (the running server picks
 * them up within 30 s). Compiled with the server to dist-server/outbox.js, so it works on a host too.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDeadLetters, readOutbox, readStates, recordRequeued } from './mail/delivery-log.ts';

const HELP = `Usage: npm run outbox [-- --retry-dead] [-- --data-dir DIR]

Prints how many enquiries are queued, delivered and dead letters in DATA_DIR (default .data/).
  --retry-dead     queue every dead letter again; the running server sends them within 30 seconds
  --data-dir DIR   read DIR instead of DATA_DIR
  --help           this text`;

function parseArgs(argv: string[]): { retryDead: boolean; dataDir: string | undefined } {
  let retryDead = false;
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(HELP);
      process.exit(0);
    } else if (arg === '--retry-dead') retryDead = true;
    else if (arg === '--data-dir' && argv[i + 1]) dataDir = argv[++i];
    else {
      console.error(`Unknown option "${arg}".\n\n${HELP}`);
      process.exit(2);
    }
  }
  return { retryDead, dataDir };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = path.resolve(root, args.dataDir ?? process.env.DATA_DIR ?? '.data');
  const [entries, states, deadLetters] = await Promise.all([readOutbox(dataDir), readStates(dataDir), readDeadLetters(dataDir)]);
  const count = (state: string | undefined) => entries.filter((e) => states.get(e.id) === state).length;
  const queued = count(undefined) + count('requeued');
  const dead = entries.filter((e) => states.get(e.id) === 'dead');
  console.log(`Enquiries in ${dataDir}: ${queued} queued, ${count('delivered')} delivered, ${dead.length} dead letter${dead.length === 1 ? '' : 's'}.`);
  for (const entry of dead) {
    const letter = deadLetters.findLast((d) => d.id === entry.id);
    console.log(`  dead: ${entry.id}  received ${entry.receivedAt}  from ${entry.email}  — ${letter?.reason ?? 'no reason recorded'}`);
  }
  if (args.retryDead) {
    if (dead.length === 0) console.log('No dead letters to retry.');
    else {
      await recordRequeued(dataDir, dead.map((e) => e.id));
      console.log(`Queued ${dead.length} dead letter${dead.length === 1 ? '' : 's'} again; the running server sends them within 30 seconds.`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(`Could not read the outbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
