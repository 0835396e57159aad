import { defineConfig } from 'vitest/config';
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
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'blocks/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
