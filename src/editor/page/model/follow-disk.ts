/**
 * A content file changed on disk (the server says so, with its new version): the editor follows a file it has no
 * edits in, and merges the disk's changes into one it has (disk-merge.ts).
 */
import type { FileChanged } from '../../shared/editor-contract';
import { diskChanged } from './disk-merge';
import { readDisk } from './document-reads';
import { partOf, useEditor, type DiskState } from './editor-store';

/**
 * Resolves when no save is on its way. The editor's own save is told as a change on disk too, often before the
 * save's answer names the version it wrote: waiting for the answer makes it no change at all.
 */
function noSaveOnItsWay(): Promise<void> {
  if (useEditor.getState().save.kind !== 'saving') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useEditor.subscribe((state) => {
      if (state.save.kind === 'saving') return;
      stop();
      resolve();
    });
  });
}

export async function followDisk(change: FileChanged): Promise<void> {
  await noSaveOnItsWay();
  const state = useEditor.getState();
  const part = partOf(state, change.file);
  if (!part || change.version === state.disk[part].version) return;
  let disk: DiskState | undefined;
  try {
    disk = await readDisk(change.file);
  } catch {
    return; // half-typed in a text editor: wait for the save that makes it JSON again
  }
  if (!disk) {
    state.setSave({ kind: 'failed', message: `${change.file} was deleted on disk. Saving writes it again with your version.` });
    useEditor.setState({ disk: { ...useEditor.getState().disk, [part]: { version: null, value: {} } } });
    return;
  }
  diskChanged(part, disk);
}
