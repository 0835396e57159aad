// @vitest-environment node
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('gen:types', () => {
  it('generated files match the schemas (run npm run gen:types when this fails)', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/gen-types.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toContain('up to date');
  });
});
