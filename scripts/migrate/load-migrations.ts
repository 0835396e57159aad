/** The migrations of one block type between two versions: migrations/<type>/<N>.ts, each taking props from N-1 to N. */
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const migrationsDir = 'migrations';

export type Migration = (props: Record<string, unknown>) => Record<string, unknown>;

export interface MigrationStep {
  version: number;
  /** Repository-relative, for messages: "migrations/approach-cards/2.ts". */
  file: string;
  migrate: Migration;
}

export const migrationFile = (type: string, version: number) => `${migrationsDir}/${type}/${version}.ts`;

/** The steps from `from` to `to`, in order, or the reasons they cannot be loaded (each says what to write). */
export async function loadMigrations(root: string, type: string, from: number, to: number): Promise<{ steps: MigrationStep[]; problems: string[] }> {
  const steps: MigrationStep[] = [];
  const problems: string[] = [];
  for (let version = from + 1; version <= to; version++) {
    const file = migrationFile(type, version);
    const absolute = path.join(root, file);
    const exists = await access(absolute).then(
      () => true,
      () => false,
    );
    if (!exists) {
      problems.push(`${file} is missing: the schema is at version ${to} and the content at ${from}, so every step needs a migration. Write it: export default (props) => props, changed from version ${version - 1} to ${version}.`);
      continue;
    }
    try {
      const module = (await import(pathToFileURL(absolute).href)) as { default?: unknown };
      if (typeof module.default !== 'function') problems.push(`${file} must default-export a function (props) => props; it exports ${module.default === undefined ? 'no default' : typeof module.default}.`);
      else steps.push({ version, file, migrate: module.default as Migration });
    } catch (error) {
      problems.push(`${file} cannot be loaded: ${(error as Error).message}. Fix the file (npm run typecheck shows TypeScript errors).`);
    }
  }
  return { steps, problems };
}

/** Migration files past the schema's version: a schema whose "x-version" was not raised with its migration. */
export async function migrationsPast(root: string, type: string, schemaVersion: number): Promise<string[]> {
  const names = await readdir(path.join(root, migrationsDir, type)).catch(() => [] as string[]);
  return names.flatMap((name) => (/^\d+\.ts$/.test(name) && Number.parseInt(name, 10) > schemaVersion ? [migrationFile(type, Number.parseInt(name, 10))] : [])).sort();
}
