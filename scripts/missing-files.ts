/**
 * Which of these files are missing, checked in a worker thread: at 100,000 pages the prerender's check that each
 * page's file is still there (how a deleted page gets rendered again) took 0.6 s of a one-page rebuild's thread.
 * Started early, it runs on the other core while the build checks the content.
 */
import { Worker } from 'node:worker_threads';

const workerFile = new URL('./missing-files-worker.mjs', import.meta.url);

export function missingFiles(files: readonly string[]): Promise<Set<string>> {
  if (files.length === 0) return Promise.resolve(new Set());
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: files });
    worker.once('message', (missing: string[]) => {
      resolve(new Set(missing));
      void worker.terminate();
    });
    worker.once('error', (error) => reject(new Error(`The check for deleted pages stopped: ${error.message}`)));
    // Settled already when it answered; otherwise it stopped without a word.
    worker.once('exit', (code) => reject(new Error(`The check for deleted pages stopped (exit ${code}) before it answered.`)));
  });
}
