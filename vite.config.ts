import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import checker from 'vite-plugin-checker';
import { contentValidationPlugin } from './scripts/content-check/vite-plugin.ts';
import { embeddedApiPlugin } from './scripts/vite/embedded-api-plugin.ts';
import { inlineLoaderPlugin } from './scripts/vite/inline-loader-plugin.ts';
import { routePatternsPlugin } from './scripts/vite/route-patterns-plugin.ts';
import { schemaTextsPlugin } from './scripts/vite/schema-texts-plugin.ts';
import { editorPlugin } from './scripts/editor/editor-plugin.ts';
import { contentReloadPlugin } from './scripts/vite/content-reload-plugin.ts';
import { nativePlatformPlugin } from './scripts/vite/native-platform-plugin.ts';
import { pageStatusPlugin } from './scripts/vite/page-status-plugin.ts';
import { chunkPackagesPlugin } from './scripts/vite/chunk-packages-plugin.ts';

// TypeScript errors in the dev server's overlay: a component left behind by a schema change is red at once, while the
// content check is green. Dev server only (npm test runs tsc itself), and not in the servers vitest starts, which
// check other things and would each run tsc over the whole project; DEV_TYPE_CHECK=1 turns it on there
// (tests/browser/dev-type-errors.test.ts), DEV_TYPE_CHECK=0 off anywhere (the editor bench's dev server).
const typeCheck = process.env.DEV_TYPE_CHECK ?? (process.env.VITEST ? '0' : '1');
const typeChecker = typeCheck === '1' ? [checker({ typescript: true, enableBuild: false })] : [];

export default defineConfig({
  plugins: [
    react(),
    contentValidationPlugin(),
    embeddedApiPlugin(),
    inlineLoaderPlugin(),
    routePatternsPlugin(),
    schemaTextsPlugin(),
    contentReloadPlugin(),
    nativePlatformPlugin(),
    pageStatusPlugin(),
    editorPlugin(),
    chunkPackagesPlugin(),
    ...typeChecker,
  ],
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
