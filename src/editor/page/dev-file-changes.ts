/** The dev server's word that a content file changed on disk (scripts/editor/editor-plugin.ts sends it over Vite's HMR channel). */
import { FILE_CHANGED_EVENT, type FileChanged } from '../shared/editor-contract';
import type { FileChanges } from './model/editor-backend';

export const devFileChanges: FileChanges = (listener) => {
  const onChanged = (data: FileChanged) => listener(data);
  import.meta.hot?.on(FILE_CHANGED_EVENT, onChanged);
  return () => import.meta.hot?.off(FILE_CHANGED_EVENT, onChanged);
};
