/** A file's bytes and stamp, read into one buffer for every read. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { FileStat } from '../file-stats.ts';

/** Size, times and inode: a write to the file changes one of them, so an equal stamp says it was not written since. */
export const fileStamp = (info: FileStat): string => `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;

// One buffer for every read: thousands of documents then leave no buffers behind for the garbage collector.
let buffer = Buffer.allocUnsafe(1 << 20);

/** The file's bytes, valid until the next read, and the stamp of the file they were read from (result-cache.ts). */
export function readBytes(file: string): { bytes: Buffer; stamp: string } {
  const fd = openSync(file, 'r');
  try {
    const info = fstatSync(fd);
    if (info.size > buffer.length) buffer = Buffer.allocUnsafe(info.size);
    let length = 0;
    while (length < info.size) {
      const n = readSync(fd, buffer, length, info.size - length, length);
      if (n === 0) break; // cut short since its size was read
      length += n;
    }
    return { bytes: buffer.subarray(0, length), stamp: fileStamp(info) };
  } finally {
    closeSync(fd);
  }
}
