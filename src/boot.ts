/**
 * Browser entry: the stylesheet, then the app (src/main.tsx). In the production build the inline loader
 * (src/loader.ts) imports this module once the page has loaded and painted, having preloaded the app and
 * the page's modules with it; the dev server loads it at once.
 */
import './styles/global.css';
import { showLoadFailure } from './app/load-failure';

// The app's own modules failing to load (in dev: pages.json with a syntax error) must not leave a blank page.
import('./main').catch((error: unknown) => showLoadFailure(document.getElementById('root'), error));

// Content warnings in a corner of the page, apart from the app so they show even when it fails to load. The
// production build drops this branch and never bundles the module.
if (import.meta.env.DEV) void import('./app/dev-content-warnings').then((m) => m.showContentWarnings());
