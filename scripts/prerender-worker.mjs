/**
 * One prerender worker thread (scripts/prerender.ts starts them): renders the paths it is sent with the render
 * bundle and sends back what renderRoute returns. Plain JavaScript, so a worker needs no TypeScript loader,
 * whether the build runs under tsx or inside vitest.
 */
import { parentPort, workerData } from 'node:worker_threads';

const bundle = await import(workerData.renderEntryUrl);
bundle.readPagesFrom(workerData.pagesDir);

parentPort.on('message', async (/** @type {{ id: number, path: string }} */ job) => {
  try {
    parentPort.postMessage({ id: job.id, rendered: await bundle.renderRoute(job.path) });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
