/**
 * The page's only script tag in the production build, inlined (scripts/vite/inline-loader-plugin.ts) so that
 * not even a request for the entry script competes with the page's first and largest paint. At the moment
 * start-after-load picks, it preloads every module the page lists in <meta name="app-modules"> (the entry
 * first, then the app and the page's blocks: one round trip), fetches what the page shows (its document, from
 * the server, in the same round trip) and imports the entry. The dev server does not
 * use it: its index.html loads src/boot.ts directly.
 */
import { startAfterLoad } from './app/start-after-load';
import { pageDataUrl } from './model/route-answer';

startAfterLoad(() => {
  const modules = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(' ').filter(Boolean) ?? [];
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // The app's first fetch (src/app/fetch-route-answer.ts) finds this answer on its way already.
  const data = document.createElement('link');
  data.rel = 'preload';
  data.as = 'fetch';
  data.crossOrigin = '';
  data.href = pageDataUrl(window.location.pathname);
  document.head.append(data);
  if (modules[0]) void import(/* @vite-ignore */ modules[0]);
});
