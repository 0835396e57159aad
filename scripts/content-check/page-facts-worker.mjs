/**
 * One worker thread of the content check (page-facts.ts starts them through scripts/worker-pool.ts): for each
 * job, a list of page documents, it reads each, hashes its bytes and, unless they are the bytes whose facts the
 * cache keeps, checks it against the schemas it compiled itself; it answers with the facts, in the job's order.
 * TypeScript is loaded through tsx's require hook, as in scripts/prerender-worker.mjs.
 */
import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();
/** @type {import('./check-document.ts')} */
const { checkDocument } = require('./check-document.ts');
/** @type {import('./read-bytes.ts')} */
const { readBytes } = require('./read-bytes.ts');
/** @type {import('./schema-validator.ts')} */
const { createSchemaValidator } = require('./schema-validator.ts');
/** @type {import('./page-facts.ts').PageFactsWorkerData} */
const { root, schemasDir, hashes } = workerData;
const validator = await createSchemaValidator(schemasDir);
// As validate-content.ts checks a page: the value is parsed for this check alone, so AJV fills its defaults in place.
const check = Object.assign((value) => validator.validatePage(value, { inPlace: true }), { placements: validator });

/** @param {{ rel: string, page: string, cachedHash?: string }} document @returns {import('./page-facts.ts').CheckedInWorker} */
function checked({ rel, page, cachedHash }) {
  let read;
  try {
    read = readBytes(path.join(root, rel));
  } catch (error) {
    return { unreadable: error?.code ?? 'error' };
  }
  const bytesHash = hashes ? hash('sha1', read.bytes) : '';
  if (bytesHash === cachedHash) return { stamp: read.stamp, hash: bytesHash };
  return { stamp: read.stamp, hash: bytesHash, facts: checkDocument(rel, page, read.bytes.toString('utf8'), check) };
}

parentPort.on('message', (/** @type {{ id: number, job: import('./page-facts.ts').PageFactsJob }} */ { id, job }) => {
  try {
    parentPort.postMessage({ id, result: job.documents.map(checked) });
  } catch (error) {
    parentPort.postMessage({ id, error: `The content check of ${job.documents[0]?.rel} to ${job.documents.at(-1)?.rel} failed: ${error instanceof Error ? error.message : String(error)}` });
  }
});
