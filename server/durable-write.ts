/** Writes that are on disk when they resolve (fsync), for the outbox and its bookkeeping. */
import { open } from 'node:fs/promises';

/** Appends in one write call on a file opened for appending, so lines from two processes never interleave. */
export function appendDurably(file: string, text: string): Promise<void> {
  return writeSynced(file, 'a', text);
}

export function writeDurably(file: string, data: string | Buffer): Promise<void> {
  return writeSynced(file, 'w', data);
}

async function writeSynced(file: string, flags: 'a' | 'w', data: string | Buffer): Promise<void> {
  const handle = await open(file, flags);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
