/**
 * npm run test:stress [-- --runs N] [-- tests/browser/insights.test.ts …]: builds once, then runs the browser
 * tests N times (default 3) while another process keeps one core busy, and reports every test that failed even
 * once: its name, file, the runs it failed in and the first line of its error. Exits 1 when any test failed.
 * A test that passes only on an idle machine fails here; retries stay off, so nothing is hidden by a rerun.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseFlags } from './cli-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
const usage = `Usage: npm run test:stress [-- --runs N] [-- <test files>]

Builds once, then runs the browser tests N times (default 3) with one core kept busy by another process,
and lists every test that failed in any run. Test files narrow the runs (as vitest's filters do).

  --runs N   how many times to run the browser tests (default 3)
  --help     this text`;

const { flags, positionals } = parseFlags('test:stress', usage, { '--runs': 'value' }, process.argv.slice(2), Number.POSITIVE_INFINITY);
const runsFlag = flags.get('--runs');
const runs = runsFlag === undefined ? 3 : Number(runsFlag);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`test:stress: --runs takes a whole number of runs, 1 or more, not "${String(runsFlag)}".`);
  process.exit(2);
}

/** The parts of vitest's JSON report read here. */
interface JsonReport {
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

interface Failure {
  test: string;
  file: string;
  runs: number[];
  firstError: string;
}

const children = new Set<ChildProcess>();
/** Stops every process this script started; their own children go with them (each leads its own group). */
function stopChildren(): void {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopChildren();
    console.error(`\ntest:stress: stopped (${signal}); the busy process and the test run are ended.`);
    process.exit(130);
  });
}
process.on('exit', stopChildren);

function start(command: string, args: string[], options: { quiet?: boolean } = {}): ChildProcess {
  const child = spawn(command, args, { cwd: root, stdio: options.quiet ? 'ignore' : 'inherit', detached: true, env: process.env });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

const finished = (child: ChildProcess) => new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const firstLine = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean) ?? '(no message)';

async function main(): Promise<number> {
  console.log('test:stress: building once…');
  if ((await finished(start(process.execPath, ['--import', 'tsx', 'scripts/build.ts']))) !== 0) {
    console.error('test:stress: the build failed; nothing was run.');
    return 1;
  }

  // The other process: one core kept busy for the whole time, as a busy CI machine would.
  start(process.execPath, ['-e', 'for (;;) {}'], { quiet: true });

  const reports = await mkdtemp(path.join(tmpdir(), 'test-stress-'));
  const failures = new Map<string, Failure>();
  const note = (file: string, test: string, run: number, error: string) => {
    const key = `${file}\u0000${test}`;
    const failure = failures.get(key) ?? { test, file, runs: [], firstError: error };
    if (!failure.runs.includes(run)) failure.runs.push(run);
    failures.set(key, failure);
  };
  try {
    for (let run = 1; run <= runs; run++) {
      console.log(`\ntest:stress: run ${run} of ${runs}, one core kept busy`);
      const output = path.join(reports, `run-${run}.json`);
      const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
      const code = await finished(start(process.execPath, [vitest, 'run', '--project', 'browser', '--reporter=dot', '--reporter=json', `--outputFile.json=${output}`, ...positionals]));
      let report: JsonReport;
      try {
        report = JSON.parse(await readFile(output, 'utf8')) as JsonReport;
      } catch {
        note('(the whole run)', `vitest exited with ${code} and wrote no report`, run, 'see the output above');
        continue;
      }
      for (const file of report.testResults) {
        const rel = path.relative(root, file.name);
        const failed = file.assertionResults.filter((t) => t.status === 'failed');
        for (const test of failed) note(rel, test.fullName, run, firstLine(test.failureMessages?.[0]));
        // A file can fail outside its tests: a hook, or an error while loading it.
        if (file.status === 'failed' && failed.length === 0) note(rel, '(the file: a hook or its loading)', run, firstLine(file.message));
      }
      const inThisRun = [...failures.values()].filter((f) => f.runs.includes(run)).length;
      if (code !== 0 && inThisRun === 0) note('(the whole run)', `vitest exited with ${code}`, run, 'see the output above');
    }
  } finally {
    stopChildren();
    await rm(reports, { recursive: true, force: true });
  }

  if (failures.size === 0) {
    console.log(`\ntest:stress: ${runs} run${runs === 1 ? '' : 's'} of the browser tests with one core busy, no test failed.`);
    return 0;
  }
  console.error(`\ntest:stress: ${failures.size} test${failures.size === 1 ? '' : 's'} failed in at least one of ${runs} runs:`);
  for (const f of failures.values()) {
    console.error(`\n  ${f.test}\n    file: ${f.file}\n    failed in run${f.runs.length === 1 ? '' : 's'} ${f.runs.join(', ')} of ${runs}\n    first error: ${f.firstError}`);
  }
  return 1;
}

process.exitCode = await main();
