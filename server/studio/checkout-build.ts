/** What the studio needs of the checkout it runs in: its incremental build, and its schemas as the editor reads them. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { schemaTexts } from '../../scripts/schema-texts.ts';
import type { SchemaFiles } from '../../src/editor/shared/schema-model.ts';

const run = promisify(execFile);

/** `npm run build` in the checkout (incremental: one changed page is rendered again); rejects with the build's last words. */
export async function buildCheckout(root: string): Promise<void> {
  try {
    await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const output = `${(error as { stderr?: string }).stderr ?? ''}`.trim().split('\n').slice(-3).join(' ');
    throw new Error(output || (error as Error).message);
  }
}

export function readSchemaFiles(root: string): SchemaFiles {
  return Object.fromEntries(Object.entries(schemaTexts(path.join(root, 'schemas'))).map(([file, text]) => [file, JSON.parse(text)])) as SchemaFiles;
}
