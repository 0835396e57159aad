// @vitest-environment node
/**
 * validate and gen:types: --help, and a refusal (exit 2, naming it) of any flag they do not know, so a typo
 * never silently does nothing. Only --help, refused flags and read-only runs touch the real repository
 * (new:block's flags are tested in new-block.test.ts, in a copy).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const env = { ...process.env, NO_COLOR: '1' };

function run(script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.each([
  ['validate', 'scripts/validate.ts', ['--json', '--format github', '--since <ref>']],
  ['gen:types', 'scripts/gen-types.ts', ['--check']],
])('npm run %s', (command, script, documented) => {
  it('--help prints the usage and every flag, and exits 0', () => {
    const { status, stdout } = run(script, '--help');
    expect(status).toBe(0);
    expect(stdout).toContain(`Usage: npm run ${command}`);
    for (const flag of documented) expect(stdout).toContain(flag);
  });

  it('refuses an unknown flag with exit 2, naming it', () => {
    const { status, stderr } = run(script, '--chek');
    expect(status).toBe(2);
    expect(stderr).toContain(`${command}: unknown flag "--chek".`);
    expect(stderr).toContain(`npm run ${command} -- --help`);
  });

  it('refuses a stray argument with exit 2', () => {
    const { status, stderr } = run(script, 'pages/about.json');
    expect(status).toBe(2);
    expect(stderr).toContain('unexpected argument "pages/about.json"');
  });
});

describe('npm run validate', () => {
  it('refuses --since without a ref and an unknown --format', () => {
    expect(run('scripts/validate.ts', '--since')).toMatchObject({ status: 2, stderr: expect.stringContaining('"--since" needs a value') });
    expect(run('scripts/validate.ts', '--format', 'xml')).toMatchObject({ status: 2, stderr: expect.stringContaining('unknown --format "xml"') });
  });

  it('--json reports whole milliseconds', () => {
    const report = JSON.parse(run('scripts/validate.ts', '--json').stdout) as { stats: { milliseconds: number } };
    expect(Number.isInteger(report.stats.milliseconds)).toBe(true);
  });

  it('--since with a ref that does not exist skips the URL check with a warning, not an error', () => {
    const report = JSON.parse(run('scripts/validate.ts', '--json', '--since', 'refs/heads/no-such-branch-zz').stdout) as { issues: Array<{ rule: string; severity: string; message: string }> };
    expect(report.issues.filter((i) => i.rule === 'published-urls-skipped')).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining('there is no git ref "refs/heads/no-such-branch-zz"') as string })]);
  });
});
