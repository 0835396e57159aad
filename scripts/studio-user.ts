/**
 * `npm run studio:user -- <command>`: the studio's users from the command line, on the same store as the
 * studio (DATABASE_URL's PostgreSQL when set, else DATA_DIR: open-studio-stores.ts). Passwords are read from standard input (typed, or piped by a script), never from the arguments,
 * which other users of the machine can see.
 */
import path from 'node:path';
import { parseFlags } from './cli-flags.ts';
import type { AccountStore } from '../server/studio/account-store.ts';
import { AccountError, createAccounts, type Actor } from '../server/studio/accounts.ts';
import { ConfigError } from '../server/config.ts';
import { readStudioConfig } from '../server/studio/studio-config.ts';
import { StorageUnavailableError } from '../server/enquiries/enquiry-store.ts';
import { silentLogger } from '../server/logger.ts';
import { openStudioStores } from '../server/studio/open-studio-stores.ts';
import { MIN_PASSWORD_LENGTH } from '../server/studio/password-hash.ts';
import { isRole, ROLES, type Role } from '../server/studio/roles.ts';

const USAGE = `Usage: npm run studio:user -- <command>

  add <email> --name "<Full Name>" --role <${ROLES.join('|')}>   then type the password (${MIN_PASSWORD_LENGTH}+ characters)
  list                                                  every user, their role and since when
  role <email> <${ROLES.join('|')}>                        change a role (their sessions end)
  remove <email>                                        remove a user (their sessions end)
  reset-password <email>                                then type the new password (their sessions end)
  audit                                                 the audit log, oldest first

The users are in DATABASE_URL's PostgreSQL when it is set (as for the studio), else in DATA_DIR/studio
(DATA_DIR defaults to .data in the repository).`;

const root = path.resolve(import.meta.dirname, '..');
const CLI: Actor = { email: null, address: 'command line' };

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stdout.write(`Password (at least ${MIN_PASSWORD_LENGTH} characters): `);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && chunk.includes(10)) break;
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function roleOf(value: string | true | undefined): Role {
  if (isRole(value)) return value;
  throw new AccountError(`Choose a role: ${ROLES.join(', ')} (found "${value === true || value === undefined ? '' : value}").`);
}

async function main(argv: string[]): Promise<void> {
  const { flags, positionals } = parseFlags('studio:user', USAGE, { '--name': 'value', '--role': 'value' }, argv, 3);
  const { dataDir, databaseUrl } = readStudioConfig(process.env, root);
  const stores = openStudioStores({ dataDir, databaseUrl }, silentLogger);
  try {
    await run(positionals, flags, stores.accounts);
  } finally {
    await stores.close();
  }
}

async function run([command, email, third]: string[], flags: ReadonlyMap<string, string | true>, store: AccountStore): Promise<void> {
  const accounts = createAccounts(store);
  const needEmail = () => {
    if (!email) throw new AccountError(`"${command}" needs the user's e-mail: npm run studio:user -- ${command} ana@example.com`);
    return email;
  };
  switch (command) {
    case 'add': {
      const user = await accounts.add({ email: needEmail(), name: String(flags.get('--name') ?? ''), role: roleOf(flags.get('--role')), password: await readPassword() }, CLI);
      console.log(`Added ${user.name} <${user.email}> as ${user.role}. They sign in at the studio's /studio.`);
      return;
    }
    case 'list': {
      const users = await store.users();
      if (users.length === 0) console.log("No studio users yet. Start the studio (npm run studio) for the first admin's setup link, or add one: npm run studio:user -- add ...");
      for (const user of users) console.log(`${user.email}\t${user.role}\t${user.name}\tsince ${user.createdAt.slice(0, 10)}`);
      return;
    }
    case 'role':
      await accounts.changeRole(needEmail(), roleOf(third), CLI);
      console.log(`${email} is now ${third}; their open sessions have ended.`);
      return;
    case 'remove':
      await accounts.remove(needEmail(), CLI);
      console.log(`Removed ${email}; their open sessions have ended.`);
      return;
    case 'reset-password':
      await accounts.resetPassword(needEmail(), await readPassword(), CLI);
      console.log(`The password of ${email} is changed; their open sessions have ended.`);
      return;
    case 'audit':
      for (const entry of await store.audit()) console.log([entry.at, entry.event, entry.actor ?? '-', entry.address, entry.subject ?? '', entry.detail ?? ''].join('\t').trimEnd());
      return;
    default:
      throw new AccountError(command ? `"${command}" is not a studio:user command.\n\n${USAGE}` : USAGE);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // The database's message is already without its password (studio-database.ts).
  const known = error instanceof AccountError || error instanceof ConfigError;
  if (error instanceof StorageUnavailableError) console.error(`studio:user could not reach the studio's database: ${error.message}. Check that it is running and that DATABASE_URL is right, then try again.`);
  else console.error(known ? (error as Error).message : `studio:user failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
