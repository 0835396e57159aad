/**
 * The studio's accounts as files under DATA_DIR/studio/: users.json, sessions.json and setup-token.json are
 * replaced whole (json-files.ts), and audit.jsonl only grows. The studio:user tool and the studio server share them: every read goes to the file.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { appendDurably } from '../durable-write.ts';
import { readJson, serially, writeJson } from './json-files.ts';
import { normaliseEmail, type AccountStore, type AuditEntry, type SetupToken, type StoredSession, type StudioUser } from './account-store.ts';

export function createFileAccountStore(dataDir: string): AccountStore {
  const dir = path.join(dataDir, 'studio');
  const file = (name: string) => path.join(dir, name);
  const queue = serially();
  /** One change at a time in this process, each reading the file afresh (the other process may have written it). */
  const change = <T>(name: string, empty: T, update: (value: T) => T): Promise<void> => queue(async () => writeJson(file(name), update(await readJson(file(name), empty))));
  const users = () => readJson<StudioUser[]>(file('users.json'), []);
  const sessions = () => readJson<StoredSession[]>(file('sessions.json'), []);

  return {
    users,
    async user(email) {
      return (await users()).find((u) => u.email === normaliseEmail(email));
    },
    saveUser: (user) => change<StudioUser[]>('users.json', [], (all) => [...all.filter((u) => u.email !== user.email), user]),
    async removeUser(email) {
      const known = (await users()).some((u) => u.email === normaliseEmail(email));
      if (known) await change<StudioUser[]>('users.json', [], (all) => all.filter((u) => u.email !== normaliseEmail(email)));
      return known;
    },
    async session(idHash) {
      return (await sessions()).find((s) => s.idHash === idHash);
    },
    saveSession: (session) => change<StoredSession[]>('sessions.json', [], (all) => [...all.filter((s) => s.idHash !== session.idHash), session]),
    removeSession: (idHash) => change<StoredSession[]>('sessions.json', [], (all) => all.filter((s) => s.idHash !== idHash)),
    removeEndedSessions: (seenBefore, madeBefore) => change<StoredSession[]>('sessions.json', [], (all) => all.filter((s) => s.lastSeenAt >= seenBefore && s.createdAt >= madeBefore)),
    async setupToken() {
      return (await readJson<SetupToken | null>(file('setup-token.json'), null)) ?? undefined;
    },
    saveSetupToken: (token) => change<SetupToken | null>('setup-token.json', null, () => token ?? null),
    async appendAudit(entry) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await appendDurably(file('audit.jsonl'), `${JSON.stringify(entry)}\n`);
    },
    async audit() {
      let text = '';
      try {
        text = await readFile(file('audit.jsonl'), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AuditEntry);
    },
  };
}
