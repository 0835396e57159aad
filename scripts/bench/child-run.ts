/**
 * Run a project script (`tsx scripts/<name>.ts`) as a child process under GNU time, so the bench gets its wall
 * time and its peak resident memory (the largest process of the run, Vite's and the workers' memory included).
 */
import { spawn } from 'node:child_process';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const gnuTime = '/usr/bin/time';

export interface ChildRun {
  seconds: number;
  /** User and system CPU time of the process and its children: on a shared machine it moves less than the wall time. */
  cpuSeconds: number;
  peakRssMb: number;
  /** The script's last line of output: the build's says where its time went, step by step. */
  lastLine: string;
}

export async function runScript(dir: string, script: string, args: string[] = []): Promise<ChildRun> {
  await access(gnuTime).catch(() => {
    throw new Error(`${gnuTime} (GNU time) is missing: the bench reads peak memory from it. Install it (apt-get install time) and run the bench again.`);
  });
  const scratch = await mkdtemp(path.join(tmpdir(), 'bench-time-'));
  const report = path.join(scratch, 'time.txt');
  const started = performance.now();
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(gnuTime, ['-f', '%U %S %M', '-o', report, path.join(dir, 'node_modules', '.bin', 'tsx'), script, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject).on('close', resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  const lines = (await readFile(report, 'utf8')).trim().split('\n');
  await rm(scratch, { recursive: true, force: true });
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} failed in ${dir} (exit ${code}):\n${output.join('').slice(-4000)}`);
  const said = output.join('').trim().split('\n');
  const [user, system, peakKb] = (lines.at(-1) ?? '').split(' ').map(Number);
  return { seconds, cpuSeconds: user! + system!, peakRssMb: peakKb! / 1024, lastLine: said.at(-1) ?? '' };
}
