/**
 * Browser entry: the stylesheet, and a small loader that starts the app (src/main.tsx) once the prerendered
 * page has loaded (see start-after-load.ts). The prerender lists the page's own modules in
 * <meta name="app-modules">; they are preloaded together with the app so that hydration waits for one round
 * trip, not a chain of them.
 */
import './styles/global.css';
import { startAfterLoad } from './app/start-after-load';

function preloadPageModules(): void {
  const list = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content ?? '';
  for (const href of list.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

const start = () => {
  preloadPageModules();
  void import('./main');
};

// The dev server sends an empty shell: there is nothing to show before the app, so it starts at once.
if (document.getElementById('root')?.firstElementChild) startAfterLoad(start);
else start();
