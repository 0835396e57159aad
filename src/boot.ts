/**
 * Browser entry: the stylesheet, then the app (src/main.tsx). In the production build the inline loader
 * (src/loader.ts) imports this module once the page has loaded and painted, having preloaded the app and
 * the page's modules with it; the dev server loads it at once.
 */
import './styles/global.css';

void import('./main');
