/** The text of every schema file under a schemas/ folder, keyed by its path inside it ("blocks/hero.schema.json"), in path order. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const SCHEMA_SUFFIX = '.schema.json';

export function schemaTexts(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(SCHEMA_SUFFIX))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
}
