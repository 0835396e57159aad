/**
 * Browser entry: the stylesheet, then what runs the page. The production build runs the island runtime
 * (src/render/start-islands.ts): the inline loader (src/loader.ts) imports this module once the page has loaded
 * and painted, having preloaded it with the runtime and the page's islands in one go. The dev server loads it
 * at once and renders the whole page in the browser (src/browser-app.tsx), which the block gallery and the
 * editor's preview use too. The production build drops the dev branch and never bundles what it imports.
 */
import './styles/global.css';
import { EDITOR_PATH, PREVIEW_PATH } from './editor/shared/editor-paths';

const root = document.getElementById('root');
const showLoadFailure = (error: unknown) => import('./app/load-failure').then((m) => m.showLoadFailure(root, error));

if (!import.meta.env.DEV) {
  import('./render/start-islands').then(
    (runtime) => {
      runtime.prefetchLinksOnIntent();
      return runtime.startIslands();
    },
    // The inline loader then lets go of the clicks it held for the islands (RUNTIME_FAILED, src/render/held-events.ts).
    () => document.dispatchEvent(new Event('island-runtime-failed')),
  );
} else if (window.location.pathname === EDITOR_PATH) {
  // The page editor is a dev-server tool, and not the app: it must not import pages.json, or saving pages.json
  // would reload it. It shows content warnings beside their fields. A page's preview frame starts loading first.
  void import('./editor/page/frame-slot').then((m) => m.loadPreviewEarly(PREVIEW_PATH));
  Promise.all([import('./editor/page/start-editor'), import('./editor/page/dev-backend')])
    .then(([{ startEditor }, { devBackend }]) => startEditor(root!, devBackend))
    .catch(showLoadFailure);
} else if (window.location.pathname === PREVIEW_PATH) {
  // The editor's preview frame, without the app's modules. Its
  // page's block modules start loading beside its own, as soon as the editor has read the page.
  void import('./editor/frame/block-warm-up').then((m) => m.loadWantedBlocks());
  import('./editor/frame/preview-page').then(({ mountPreview }) => mountPreview(root!), showLoadFailure);
} else {
  // The app's own modules failing to load (pages.json with a syntax error) must not leave a blank page.
  import('./browser-app').catch(showLoadFailure);

  // Content warnings in a corner of the page, apart from the app so they show even when it fails to load.
  void import('./app/dev-content-warnings').then((m) => m.showContentWarnings());
}
