/**
 * Drafts on the server: a page's saved but unpublished version, one per content file, shared by the team (not in
 * one browser), kept across restarts in DATA_DIR/studio/drafts/ (here) or in PostgreSQL when DATABASE_URL is set
 * (postgres-draft-store.ts). A draft remembers the version of the live file
 * it was started from, so a publish can tell when the live page changed meanwhile.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { readJson, serially, writeJson } from './json-files.ts';

export interface Draft {
  /** The content file: "pages/about.json" or "pages.json" (checked before it gets here). */
  file: string;
  value: unknown;
  /** The version of the live file the draft was started from; null for a page that is not live yet. */
  base: string | null;
  savedBy: { email: string; name: string };
  savedAt: string;
}

export interface DraftStore {
  list(): Promise<Draft[]>;
  get(file: string): Promise<Draft | undefined>;
  save(draft: Draft): Promise<void>;
  remove(file: string): Promise<void>;
}

/** "pages/about.json" → "pages--about.json": content file names never hold "--" after "pages". */
const fileNameOf = (file: string) => file.replace('/', '--');

export function createFileDraftStore(dataDir: string): DraftStore {
  const dir = path.join(dataDir, 'studio', 'drafts');
  const queue = serially();
  return {
    async list() {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
      const drafts = await Promise.all(names.map((n) => readJson<Draft | null>(path.join(dir, n), null)));
      return drafts.filter((d): d is Draft => d !== null);
    },
    async get(file) {
      return (await readJson<Draft | null>(path.join(dir, fileNameOf(file)), null)) ?? undefined;
    },
    save: (draft) => queue(() => writeJson(path.join(dir, fileNameOf(draft.file)), draft)),
    remove: (file) => queue(() => rm(path.join(dir, fileNameOf(file)), { force: true })),
  };
}
