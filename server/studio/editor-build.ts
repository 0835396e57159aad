/**
 * Where the page editor's production build for the studio lives: scripts/build-studio.ts writes it, the studio serves
 * it (editor-files.ts) at the addresses of src/editor/shared/studio-paths.ts.
 */
export { STUDIO_EDITOR_BASE, STUDIO_EDITOR_PATH, STUDIO_PREVIEW_PATH } from '../../src/editor/shared/studio-paths.ts';

/** The build's folder, under the checkout's root; never deployed with the site. */
export const STUDIO_BUILD_DIR = 'dist-studio';
/** The editor's one HTML page, for the editor and its preview frame alike (src/editor/studio-entry.ts tells them apart). */
export const STUDIO_EDITOR_HTML = 'src/editor/studio.html';
/** The fingerprint of the sources the build was made from, inside it (scripts/build-studio.ts --if-needed). */
export const STUDIO_BUILD_STAMP = 'build-stamp';
