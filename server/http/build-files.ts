/**
 * The build's files, looked up and read once: one build's files never change, and a new build gets a new
 * instance (site-server.ts, followBuilds), so each file's stats, and the bytes of every small file, are kept in
 * memory after the first request, up to a bound. Larger files are streamed from disk each time.
 */
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { compressBuffer, type Encoding } from './compression.ts';

export interface BuildFiles {
  /** The file's stats; null when it is missing or not a file. */
  stats(file: string): Promise<Stats | null>;
  /** The file's bytes when it is small enough to keep; null means "stream it". */
  content(file: string, size: number): Promise<Buffer | null>;
  /** A kept file compressed on the fly, once. */
  compressed(file: string, encoding: Encoding, data: Buffer): Buffer;
}

export interface BuildFilesOptions {
  maxBytes?: number;
  maxFileBytes?: number;
}

export function createBuildFiles({ maxBytes = 64 * 1024 * 1024, maxFileBytes = 512 * 1024 }: BuildFilesOptions = {}): BuildFiles {
  const stats = new Map<string, Promise<Stats | null>>();
  const contents = new Map<string, Promise<Buffer>>();
  const compressed = new Map<string, Buffer>();
  let kept = 0;
  const fits = (bytes: number) => bytes <= maxFileBytes && kept + bytes <= maxBytes;

  return {
    stats(file) {
      let known = stats.get(file);
      if (!known) {
        known = stat(file).then(
          (s) => (s.isFile() ? s : null),
          () => null,
        );
        // Unknown paths are whatever visitors type: remember them only while there is room.
        if (stats.size < 100_000) stats.set(file, known);
      }
      return known;
    },
    async content(file, size) {
      const known = contents.get(file);
      if (known) return known;
      if (!fits(size)) return null;
      kept += size;
      const reading = readFile(file);
      contents.set(file, reading);
      reading.catch(() => {
        contents.delete(file);
        kept -= size;
      });
      return reading;
    },
    compressed(file, encoding, data) {
      const key = `${encoding}:${file}`;
      let body = compressed.get(key);
      if (!body) {
        body = compressBuffer(encoding, data);
        if (fits(body.length)) {
          compressed.set(key, body);
          kept += body.length;
        }
      }
      return body;
    },
  };
}
