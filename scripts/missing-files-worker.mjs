/**
 * Which of the files in workerData no longer exist (scripts/missing-files.ts starts it): a check per file, on a
 * core of its own, while the build's thread checks the content.
 */
import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {string[]} */
const files = workerData;
parentPort.postMessage(files.filter((file) => !existsSync(file)));
