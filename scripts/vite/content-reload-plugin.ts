/**
 * In the dev server, a content file changed, added or removed on disk (pages.json, pages/*.json) reloads the tabs that show the
 * site, and only those: Vite's own answer would be a full reload of every open tab, the page editor included,
 * which would lose its selection and history on each of its own saves. The content modules are invalidated
 * here, then a `content:changed` message goes out; the app (src/browser-app.tsx) reloads on it, the editor does not.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const CONTENT_CHANGED_EVENT = 'content:changed';

const isContentFile = (rel: string) => rel === 'pages.json' || /^pages\/[^/]+\.json$/.test(rel);

export function contentReloadPlugin(): Plugin {
  return {
    name: 'content-reload',
    apply: 'serve',
    hotUpdate: {
      // After Vite's own: a page file added or removed makes its glob plugin add the module that lists the pages
      // (src/app/local-pages.ts), which would reload every tab; here it is invalidated with the rest instead.
      order: 'post',
      handler({ file, modules, timestamp }) {
        const rel = path.relative(this.environment.config.root, file).split(path.sep).join('/');
        if (!isContentFile(rel) || this.environment.name !== 'client') return;
        const seen = new Set<(typeof modules)[number]>();
        for (const module of modules) this.environment.moduleGraph.invalidateModule(module, seen, timestamp, true);
        this.environment.hot.send({ type: 'custom', event: CONTENT_CHANGED_EVENT, data: { file: rel } });
        return [];
      },
    },
  };
}
