/**
 * Where the editor lives: part of its contract (editor-contract.ts re-exports them), kept in a module that imports
 * nothing so that src/boot.ts can choose between the editor, its frame and the site without loading more.
 */

/** The editor page. */
export const EDITOR_PATH = '/__edit';
/** The preview frame the editor page shows a page in. */
export const PREVIEW_PATH = `${EDITOR_PATH}/preview`;
/** The editor's API (scripts/editor/editor-api.ts answers it). */
export const EDITOR_API = `${EDITOR_PATH}/api`;
