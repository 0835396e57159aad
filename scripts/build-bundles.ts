/**
 * The build's client bundle, render bundle and compiled server (Vite), after the content check. scripts/build.ts runs it in its
 * own process for a large site (`tsx scripts/build-bundles.ts [info|warn]`), in the build's process otherwise.
 */
import path from 'node:path';
import { build } from 'vite';
import { distLayout } from '../src/model/dist-layout.ts';
import { contentCheckedPlugin } from './content-check/vite-plugin.ts';
import { buildServer } from './build-server.ts';

export async function buildBundles(root: string, logLevel: 'info' | 'warn'): Promise<void> {
  // Vite takes an existing NODE_ENV over the build mode: under vitest (NODE_ENV=test) the "production" build
  // would ship React's development build and the dev-only block gallery. Always build what ships.
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // The content check ran already (build.ts): the plugin need not run it again.
    await build({ root, logLevel, mode: 'production', plugins: [contentCheckedPlugin()], build: { outDir: path.join(root, distLayout.clientDir), emptyOutDir: true } });
    await build({ root, logLevel, mode: 'production', build: { ssr: 'src/entry-server.tsx', outDir: path.join(root, distLayout.renderDir), emptyOutDir: true, manifest: false, copyPublicDir: false } });
    // The server too, while Vite is loaded: built last, it loaded Vite again on top of the prerender's garbage
    // (the full build's peak at 100,000 pages).
    await buildServer(root, logLevel);
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  buildBundles(path.resolve(import.meta.dirname, '..'), process.argv[2] === 'info' ? 'info' : 'warn').catch((error: unknown) => {
    console.error(`\nThe bundles could not be built.\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
