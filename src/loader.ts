/**
 * The page's only script tag in the production build, inlined (scripts/vite/inline-loader-plugin.ts) so that
 * not even a request for the entry script competes with the page's first and largest paint. At the moment
 * start-after-load picks, it preloads the modules the page starts with (<meta name="app-modules">: the entry
 * first, the island runtime, the enhance modules, and React with the islands that hydrate at load or when idle:
 * one round trip) and imports the entry. Other islands' modules wait for their turn (src/render/start-islands.ts).
 * What the page shows (its document and its loaders' data) is in the HTML already. The dev server does not use
 * it: its index.html loads src/boot.ts directly.
 */
import { startAfterLoad } from './app/start-after-load';
import { appModules, preloadModules } from './model/page-modules';
import { holdBeforeRuntime, RUNTIME_FAILED } from './render/held-events';
import { notePresses } from './kit/early-press.enhance';

// A click or key on an island before the runtime runs is held for it (src/render/held-events.ts); a press on a
// block whose enhance module has not run yet is noted for it (src/kit/early-press.enhance.ts).
holdBeforeRuntime(document);
notePresses(document);

startAfterLoad(() => {
  const modules = appModules(document);
  preloadModules(document, modules);
  if (modules[0]) import(/* @vite-ignore */ modules[0]).catch(() => document.dispatchEvent(new Event(RUNTIME_FAILED)));
});
