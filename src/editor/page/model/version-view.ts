/**
 * An old version of the open page shown in the preview instead of the edits (the History panel's "Show"). The edits
 * stay in the editor's store untouched; the preview link (page-preview-link.ts) sends the version while one is shown,
 * and the editor hides its form, so nothing edits it. "Back to your edits" ends it.
 */
import { create } from 'zustand';
import type { PageVersion } from './editor-backend';
import { parseDocument } from './document-reads';
import { backend } from './editor-backend';
import { useEditor, type Root } from './editor-store';

export interface ShownVersion {
  version: PageVersion;
  /** What the preview shows: the version of the page, with pages.json as last saved. */
  documents: Root;
}

export const useVersionView = create<{ shown: ShownVersion | null }>()(() => ({ shown: null }));

export const isShowingVersion = () => useVersionView.getState().shown !== null;

/** Reads the version and shows it; a failed read is thrown with its reason, and nothing changes. */
export async function showVersion(version: PageVersion): Promise<void> {
  const { readVersion } = backend();
  if (!readVersion) throw new Error('This server keeps no versions of pages.');
  const { file, disk } = useEditor.getState();
  const page = parseDocument(await readVersion(file, version.commit), file);
  useVersionView.setState({ shown: { version, documents: { page, site: disk.site.value } } });
}

export function backToEdits(): void {
  useVersionView.setState({ shown: null });
}
