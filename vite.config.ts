import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import checker from 'vite-plugin-checker';
import { contentValidationPlugin } from './scripts/content-check/vite-plugin.ts';
import { embeddedApiPlugin } from './scripts/vite/embedded-api-plugin.ts';
import { inlineLoaderPlugin } from './scripts/vite/inline-loader-plugin.ts';
import { routePatternsPlugin } from './scripts/vite/route-patterns-plugin.ts';

// TypeScript errors in the dev server's overlay: a component left behind by a schema change is red at once, while the
// content check is green. Dev server only (npm test runs tsc itself), and not in the servers vitest starts, which
// check other things and would each run tsc over the whole project; DEV_TYPE_CHECK=1 turns it on there
// (tests/browser/dev-type-errors.test.ts).
const typeChecker = !process.env.VITEST || process.env.DEV_TYPE_CHECK === '1' ? [checker({ typescript: true, enableBuild: false })] : [];

export default defineConfig({
  plugins: [react(), contentValidationPlugin(), embeddedApiPlugin(), inlineLoaderPlugin(), routePatternsPlugin(), ...typeChecker],
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
