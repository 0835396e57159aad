/**
 * Notices a new build: the build writes its stamp file last (scripts/build.ts), so a changed stamp means a
 * finished build. Read every `pollMs` (a read of a few bytes; file events are not reliable on every file system
 * and container mount).
 */
import { readFile } from 'node:fs/promises';

export function watchBuildStamp(file: string, pollMs: number, onChange: (stamp: string) => Promise<void> | void): () => void {
  const read = () => readFile(file, 'utf8').catch(() => '');
  let known: Promise<string> = read();
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const [before, now] = [await known, await read()];
      if (now && now !== before) {
        known = Promise.resolve(now);
        await onChange(now);
      }
    } finally {
      busy = false;
    }
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
