/**
 * The page's only script tag in the production build, inlined (scripts/vite/inline-loader-plugin.ts) so that
 * not even a request for the entry script competes with the page's first and largest paint. At the moment
 * start-after-load picks, it preloads every module the page lists in <meta name="app-modules"> (the entry
 * first, then the island runtime, and React with the page's islands when it has any: one round trip) and
 * imports the entry. What the page shows (its document and its loaders' data) is in the HTML already. The dev
 * server does not use it: its index.html loads src/boot.ts directly.
 */
import { startAfterLoad } from './app/start-after-load';

startAfterLoad(() => {
  const modules = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(' ').filter(Boolean) ?? [];
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (modules[0]) void import(/* @vite-ignore */ modules[0]);
});
