/**
 * Render paths in worker threads (scripts/prerender-worker.mjs), one per core and at most two: each takes
 * the next path when it sends back the last one, so a slow page never holds the others up.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderedRoute } from '../src/model/dist-layout.ts';

const workerFile = new URL('./prerender-worker.mjs', import.meta.url);

type Reply = { id: number; rendered: RenderedRoute } | { id: number; error: string };

export async function renderInWorkers<Job extends { path: string }>(renderEntryUrl: string, pagesDir: string, jobs: Job[], done: (job: Job, rendered: RenderedRoute) => Promise<void>): Promise<void> {
  const count = Math.max(1, Math.min(2, availableParallelism(), jobs.length));
  let next = 0;
  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const pending: Array<Promise<void>> = [];
      const send = () => {
        if (next >= jobs.length) {
          Promise.all(pending).then(() => resolve(), reject);
          return;
        }
        const id = next++;
        worker.postMessage({ id, path: jobs[id]!.path });
      };
      worker.on('message', (reply: Reply) => {
        const job = jobs[reply.id]!;
        if ('error' in reply) {
          reject(new Error(reply.error)); // renderRoute's message names the path, the page and the block
          return;
        }
        pending.push(done(job, reply.rendered).catch(reject));
        send();
      });
      worker.on('error', (error) => reject(new Error(`A prerender worker stopped while rendering: ${error.message}`)));
      send();
    });
  const workers = Array.from({ length: count }, () => new Worker(workerFile, { workerData: { renderEntryUrl, pagesDir } }));
  try {
    await Promise.all(workers.map(run));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
