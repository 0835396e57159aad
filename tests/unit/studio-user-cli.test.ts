/** `npm run studio:user`: users managed from the command line, the password piped on standard input. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFileAccountStore } from '../../server/studio/file-account-store.ts';
import { verifyPassword } from '../../server/studio/password-hash.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

const studioUser = (args: string[], input = '') => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/studio-user.ts', ...args], { cwd: root, encoding: 'utf8', input, env: { ...process.env, DATA_DIR: dataDir } });
  return { status: run.status, out: run.stdout, err: run.stderr };
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'studio-user-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('adds a user with a piped password, lists them, changes their role, and logs both', async () => {
  const added = studioUser(['add', 'Ana@Example.com', '--name', 'Ana Lima', '--role', 'publisher'], 'a long enough passphrase\n');
  expect(added).toMatchObject({ status: 0, out: "Added Ana Lima <ana@example.com> as publisher. They sign in at the studio's /studio.\n" });
  const [user] = await createFileAccountStore(dataDir).users();
  expect(await verifyPassword('a long enough passphrase', user!.passwordHash!)).toBe(true);
  expect(JSON.stringify(await createFileAccountStore(dataDir).users())).not.toContain('passphrase');

  expect(studioUser(['role', 'ana@example.com', 'admin']).status).toBe(0);
  expect(studioUser(['list']).out).toMatch(/^ana@example\.com\tadmin\tAna Lima\tsince \d{4}-\d\d-\d\d\n$/);
  expect(
    studioUser(['audit'])
      .out.split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t').slice(1, 5).join(' ')),
  ).toEqual(['user-added - command line ana@example.com', 'role-changed - command line ana@example.com']);
});

it('refuses, in words and with exit 1, a short password, an unknown role, a taken e-mail and an unknown user', () => {
  const cases: Array<[string[], string, RegExp]> = [
    [['add', 'bo@example.com', '--name', 'Bo', '--role', 'author'], 'short\n', /The password is too short: use at least 12 characters/],
    [['add', 'bo@example.com', '--name', 'Bo', '--role', 'owner'], 'a long enough passphrase\n', /Choose a role: author, publisher, admin \(found "owner"\)/],
    [['add', 'ana@example.com', '--name', 'Ana', '--role', 'author'], 'a long enough passphrase\n', /ana@example\.com is already a studio user/],
    [['remove', 'nobody@example.com'], '', /There is no studio user "nobody@example\.com"/],
  ];
  for (const [args, input, message] of cases) {
    const run = studioUser(args, input);
    expect([args.join(' '), run.status, run.err]).toEqual([args.join(' '), 1, expect.stringMatching(message)]);
  }
});
