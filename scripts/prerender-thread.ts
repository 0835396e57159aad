/**
 * The work of one prerender worker thread (started through scripts/prerender-worker.mjs): for each job it is
 * sent, render the path with the render bundle and write the page's files (page-file.ts), then answer with
 * what the main thread records. An error answers with a message that names the path.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ServerBundle } from '../src/model/dist-layout.ts';
import { writePageFile, type PageFileContext } from './page-file.ts';

/** What the main thread gives every worker (scripts/prerender.ts). */
export interface PrerenderWorkerData {
  renderEntryUrl: string;
  pagesDir: string;
  context: PageFileContext;
}

/** One page to render: its route's path and the file it goes to (absolute). */
export interface PrerenderJob {
  path: string;
  file: string;
}

const { renderEntryUrl, pagesDir, context } = workerData as PrerenderWorkerData;
const bundle = (await import(renderEntryUrl)) as ServerBundle;
bundle.readPagesFrom(pagesDir);

parentPort!.on('message', async ({ id, job }: { id: number; job: PrerenderJob }) => {
  let rendered;
  try {
    rendered = await bundle.renderRoute(job.path);
  } catch (error) {
    // renderRoute's message names the path, the page and the block
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    return;
  }
  try {
    parentPort!.postMessage({ id, result: await writePageFile(context, job.file, rendered) });
  } catch (error) {
    parentPort!.postMessage({ id, error: `The page of ${job.path} could not be written to ${job.file}: ${error instanceof Error ? error.message : String(error)}` });
  }
});
