/**
 * The page editor's production build for the studio (`npm run studio` runs it with --if-needed): the editor page and
 * its preview frame, with the production block code, into dist-studio/ under the base /studio/edit/. Never the Vite
 * dev server: the studio faces a network, and serves only these files (server/studio/editor-files.ts).
 * --if-needed: only when the sources changed since the build in dist-studio/ was made.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { STUDIO_BUILD_DIR, STUDIO_BUILD_STAMP, STUDIO_EDITOR_BASE, STUDIO_EDITOR_HTML } from '../server/studio/editor-build.ts';
import { stampOf } from './build.ts';
import { nativePlatformPlugin } from './vite/native-platform-plugin.ts';
import { routePatternsPlugin } from './vite/route-patterns-plugin.ts';
import { schemaTextsPlugin } from './vite/schema-texts-plugin.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, STUDIO_BUILD_DIR);
const stampFile = path.join(outDir, STUDIO_BUILD_STAMP);
/** What the editor's bundles are made from: its code, the blocks it previews, the schemas its forms are made of, and pages.json (the preview's settings). */
const sources = ['src', 'blocks', 'schemas', 'scripts/vite', 'scripts/build-studio.ts', 'pages.json', 'tsconfig.json', 'package-lock.json'];

export async function buildStudioEditor(): Promise<void> {
  const started = performance.now();
  const stamp = await stampOf(sources);
  await build({
    configFile: false,
    root,
    base: STUDIO_EDITOR_BASE,
    // The studio serves no public/ folder under its editor; pictures in the preview are the site's (a later step).
    publicDir: false,
    logLevel: 'warn',
    plugins: [react(), routePatternsPlugin(), schemaTextsPlugin('build'), nativePlatformPlugin()],
    css: { modules: { localsConvention: 'camelCaseOnly' } },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      // Which files a shared preview may load (server/studio/preview-route.ts): the frame's, never the editor's.
      manifest: true,
      // No inline script anywhere: the studio's CSP has no 'unsafe-inline'.
      modulePreload: { polyfill: false },
      rollupOptions: { input: path.join(root, STUDIO_EDITOR_HTML) },
    },
  });
  await writeFile(stampFile, stamp);
  console.log(`Built the studio's page editor into ${STUDIO_BUILD_DIR}/ in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

/** Builds when dist-studio/ is missing or older than the sources. */
export async function ensureStudioEditorBuilt(): Promise<void> {
  const [previous, current] = await Promise.all([readFile(stampFile, 'utf8').catch(() => ''), stampOf(sources)]);
  if (previous === current) return;
  console.log(previous ? "The editor's sources changed since its last build; building it again…" : "Building the studio's page editor…");
  await buildStudioEditor();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  (process.argv.includes('--if-needed') ? ensureStudioEditorBuilt() : buildStudioEditor()).catch((error: unknown) => {
    console.error(`\nThe studio's page editor did not build.\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
