/**
 * The page editor's entry in its production build for the studio (scripts/build-studio.ts, served at /studio/edit):
 * the editor page on the studio's API, or, at /studio/edit/preview, its preview frame with the production block
 * code. A shared preview link (/studio/preview/<secret>) opens a small host page with that same frame at …/frame.
 * The dev server's editor starts from src/boot.ts instead. Without a session the editor sends you to sign in.
 */
import '../styles/global.css';
import { sharedPreviewParts, STUDIO_PREVIEW_PATH, STUDIO_SIGN_IN } from './shared/studio-paths';

const root = document.getElementById('root')!;
const showLoadFailure = (error: unknown) => import('../app/load-failure').then((m) => m.showLoadFailure(root, error));
const shared = sharedPreviewParts(window.location.pathname);

async function startStudioEditor(): Promise<void> {
  const [{ signedInUser, studioBackend }, { startEditor }] = await Promise.all([import('./page/studio-backend'), import('./page/start-editor')]);
  const user = await signedInUser();
  if (!user) return window.location.assign(STUDIO_SIGN_IN);
  return startEditor(root, studioBackend(user));
}

if (window.location.pathname === STUDIO_PREVIEW_PATH || shared?.part === 'frame') {
  void import('./frame/block-warm-up').then((m) => m.loadWantedBlocks());
  import('./frame/preview-page').then(({ mountPreview }) => mountPreview(root), showLoadFailure);
} else if (shared) {
  import('./preview-link/preview-host').then(({ startPreviewHost }) => startPreviewHost(root)).catch(showLoadFailure);
} else {
  void import('./page/frame-slot').then((m) => m.loadPreviewEarly(STUDIO_PREVIEW_PATH));
  startStudioEditor().catch(showLoadFailure);
}
