import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentValidationPlugin } from './scripts/content-check/vite-plugin.ts';
import { embeddedApiPlugin } from './scripts/vite/embedded-api-plugin.ts';
import { inlineLoaderPlugin } from './scripts/vite/inline-loader-plugin.ts';
import { routePatternsPlugin } from './scripts/vite/route-patterns-plugin.ts';
import { editorPlugin } from './scripts/editor/editor-plugin.ts';
import { contentReloadPlugin } from './scripts/vite/content-reload-plugin.ts';

export default defineConfig({
  plugins: [react(), contentValidationPlugin(), embeddedApiPlugin(), inlineLoaderPlugin(), routePatternsPlugin(), contentReloadPlugin(), editorPlugin()],
  build: {
    // One stylesheet for the whole site: prerendered HTML links it, so no block is ever unstyled while its JS loads.
    cssCodeSplit: false,
    manifest: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  // The tests' settings are in vitest.config.ts, so changing them never counts as a code change to the build.
});
