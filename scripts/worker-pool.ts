/**
 * Run jobs in worker threads (the prerender's pages, the content check's documents), one per core: each worker is kept two jobs ahead (it starts the next while the
 * answer to the last one travels), and takes a new one as each answer comes, so a slow page never holds the
 * others up and the main thread, which only hands out jobs, never becomes the bottleneck.
 *
 * The first failure fails the whole run with the worker's message: no new job is sent, the workers are
 * stopped, and `abandon` is called for every job that was sent and not answered (a worker stopped while it
 * wrote), so the caller can remove what such a job may have left.
 */
import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** Jobs a worker holds at once: one it works on and one waiting, so it never idles between them. */
const AHEAD = 2;
/** A prerender worker holds its own copy of the render bundle and React (about 150 MB): more than this many would cost memory past any gain. */
const MAX_WORKERS = 8;

type Reply<Result> = { id: number; result: Result } | { id: number; error: string };

export interface PoolOptions {
  workerFile: URL;
  workerData: unknown;
  /** Each worker's heap limits: without one, V8 lets a busy worker's heap grow to a share of the machine's memory before it collects. */
  resourceLimits?: ResourceLimits;
}

export interface RunOptions<Job, Result> {
  jobs: readonly Job[];
  /** Called on the main thread with each job's result, as it comes. */
  done: (job: Job, result: Result) => void;
  /** Called, after the workers stopped, for each job sent and not answered when the run failed, with the thread id of its worker. */
  abandon?: (job: Job, threadId: number) => Promise<void>;
}

export interface WorkerPool {
  /** Runs the jobs on the pool's workers; a failure stops them all (the pool cannot run again). */
  run<Job, Result>(options: RunOptions<Job, Result>): Promise<void>;
  close(): Promise<void>;
}

/** A worker a core, at most MAX_WORKERS, never more than `atMost`. */
const workerCount = (atMost = Infinity) => Math.max(1, Math.min(availableParallelism(), MAX_WORKERS, atMost));

/**
 * Starts `count` workers now, for jobs given later: a worker that loads much before its first job (the render
 * bundle) is ready by the time they come. A run adds the workers its jobs can use.
 */
export function startWorkers({ workerFile, workerData, resourceLimits }: PoolOptions, count: number): WorkerPool {
  const pool: Worker[] = [];
  // A worker may fail or stop before its first job (its render bundle does not load): noted, and the run fails with it.
  const stopped = new Map<Worker, string>();
  const grow = (size: number) => {
    while (pool.length < size) {
      const worker = new Worker(workerFile, { workerData, ...(resourceLimits ? { resourceLimits } : {}) });
      worker.on('error', (error) => stopped.set(worker, `A worker thread stopped while working (${workerFile.pathname}): ${error.message}`));
      worker.on('exit', () => stopped.set(worker, stopped.get(worker) ?? `A worker thread exited before its jobs (${workerFile.pathname}).`));
      pool.push(worker);
    }
  };
  grow(count);
  const close = () => Promise.all(pool.map((w) => w.terminate())).then(() => {});
  return {
    close,
    async run<Job, Result>({ jobs, done, abandon }: RunOptions<Job, Result>) {
      // As many workers as the jobs can use: a pool started with one for a one-page rebuild grows for a hundred.
      grow(workerCount(jobs.length));
      const unanswered = new Map<number, { job: Job; threadId: number }>();
      let next = 0;
      let failed = false;
      const run = (worker: Worker) =>
        new Promise<void>((resolve, reject) => {
          const fail = (error: Error) => {
            failed = true;
            reject(error);
          };
          let holding = 0;
          const send = () => {
            while (!failed && holding < AHEAD && next < jobs.length) {
              const id = next++;
              unanswered.set(id, { job: jobs[id]!, threadId: worker.threadId });
              holding++;
              worker.postMessage({ id, job: jobs[id] });
            }
            if (holding === 0) finish();
          };
          const onMessage = (reply: Reply<Result>) => {
            const { job } = unanswered.get(reply.id)!;
            unanswered.delete(reply.id);
            holding--;
            if ('error' in reply) return fail(new Error(reply.error));
            try {
              done(job, reply.result);
            } catch (error) {
              return fail(error as Error);
            }
            send();
          };
          const onError = (error: Error) => fail(new Error(`A worker thread stopped while working (${workerFile.pathname}): ${error.message}`));
          const onExit = () => (holding > 0 ? fail(new Error(`A worker thread exited with ${holding} jobs unanswered (${workerFile.pathname}).`)) : finish());
          // This run's listeners only: the pool may run again.
          const finish = () => {
            worker.off('message', onMessage).off('error', onError).off('exit', onExit);
            resolve();
          };
          const early = stopped.get(worker);
          if (early) return fail(new Error(early));
          worker.on('message', onMessage).on('error', onError).on('exit', onExit);
          send();
        });
      try {
        await Promise.all(pool.map(run));
      } catch (error) {
        failed = true;
        // A worker's threadId reads -1 once it stopped: the ids were noted as the jobs were sent.
        await close();
        if (abandon) await Promise.all([...unanswered.values()].map(({ job, threadId }) => abandon(job, threadId)));
        throw error;
      }
    },
  };
}

/** Runs the jobs on workers started for them, one per core (never more than the jobs), and stops the workers. */
export async function runInWorkers<Job, Result>(options: PoolOptions & RunOptions<Job, Result>): Promise<void> {
  if (options.jobs.length === 0) return;
  const pool = startWorkers(options, workerCount(options.jobs.length));
  try {
    await pool.run(options);
  } finally {
    await pool.close();
  }
}
