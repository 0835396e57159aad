/**
 * One prerender worker thread (scripts/worker-pool.ts starts them): for each job it is sent, render the
 * path with the render bundle and write the page's files (scripts/page-file.ts prerenderPage), then answer with
 * what the main thread records; an error answers with a message that names the path.
 * A worker thread does not inherit the TypeScript loader of the thread that starts it (tsx for the build,
 * vite-node under vitest): page-file.ts is loaded through tsx's require hook, which works in this thread.
 * Not its import hooks: those run in a loader thread that every later import() crosses (about 150 µs each,
 * against 6), and the render bundle imports each page's blocks.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// The pages are rendered with React's production build, as the server renders them: the render bundle leaves React
// out, and React picks its build by NODE_ENV when first loaded. Its development build, which `npm run build`
// (no NODE_ENV) got, renders the same HTML in about twice the time, checking keys and props for a developer.
// The worker's environment is its own copy: the build's process keeps its NODE_ENV.
process.env.NODE_ENV = 'production';
const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();
/** @type {import('./page-file.ts')} */
const { prerenderPage } = require('./page-file.ts');
/** @type {import('./page-file.ts').PrerenderWorkerData} */
const { renderEntryUrl, pagesDir, context } = workerData;
const bundle = await import(renderEntryUrl);
bundle.readPagesFrom(pagesDir);

parentPort.on('message', async (/** @type {{ id: number, job: import('./page-file.ts').PrerenderJob }} */ { id, job }) => {
  try {
    parentPort.postMessage({ id, result: await prerenderPage(bundle, context, job) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
