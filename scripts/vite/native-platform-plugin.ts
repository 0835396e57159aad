/**
 * The browser build ships what the platform already has only once: packages that polyfill or shim a browser API
 * or a React hook every target of the build has (es2022 browsers, React 19) resolve to the native one instead.
 * Only the client build: Node and jsdom (the render bundle, the unit tests) lack ResizeObserver, and keep the
 * polyfill there. Measured by `npm run bench -- --only js` (docs/architecture.md, "Hydration: islands").
 */
import type { Plugin } from 'vite';

const reactsOwnHook = "export { useSyncExternalStore } from 'react';";

/** A package's import path → the module that stands in for it in the browser. */
export const nativeStandIns: Record<string, string> = {
  // react-slick's dependency (about 2.5 kB gzipped); every browser since 2020 has ResizeObserver.
  'resize-observer-polyfill': 'export default globalThis.ResizeObserver;',
  // swr's; React 18 and later have the hook, and the shim only hands it over (about 0.8 kB gzipped).
  'use-sync-external-store/shim': reactsOwnHook,
  'use-sync-external-store/shim/index.js': reactsOwnHook,
};

const PREFIX = '\0native:';

export function nativePlatformPlugin(): Plugin {
  return {
    name: 'native-platform',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise find the package in node_modules first.
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    resolveId: (id) => (id in nativeStandIns ? PREFIX + id : null),
    load: (id) => (id.startsWith(PREFIX) ? nativeStandIns[id.slice(PREFIX.length)] : null),
  };
}
