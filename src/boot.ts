/**
 * Browser entry: the stylesheet, then the app (src/browser-app.tsx). In the production build the inline loader
 * (src/loader.ts) imports this module once the page has loaded and painted, having preloaded the app and
 * the page's modules with it; the dev server loads it at once.
 */
import './styles/global.css';
import { showLoadFailure } from './app/load-failure';

const root = document.getElementById('root');

// The page editor is a dev-server tool, and not the app: it must not import pages.json, or saving pages.json
// would reload it. It shows content warnings beside their fields. The production build drops this branch.
if (import.meta.env.DEV && window.location.pathname === '/__edit') {
  import('./editor/mount-editor').then(({ mountEditor }) => mountEditor(root!), (error: unknown) => showLoadFailure(root, error));
} else {
  // The app's own modules failing to load (in dev: pages.json with a syntax error) must not leave a blank page.
  import('./browser-app').catch((error: unknown) => showLoadFailure(root, error));

  // Content warnings in a corner of the page (not of the editor's preview), apart from the app so they show even
  // when it fails to load. The production build drops this branch and never bundles the module.
  if (import.meta.env.DEV && window.location.pathname !== '/__edit/preview') void import('./app/dev-content-warnings').then((m) => m.showContentWarnings());
}
