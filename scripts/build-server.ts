/**
 * Compile the production server (server/main.ts and what it imports) to plain JavaScript in
 * dist-server/main.js, and the outbox tool (server/outbox-cli.ts) to dist-server/outbox.js. Packages stay imports, resolved from `dependencies` on the host; nothing of the
 * source tree is read at run time.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { distLayout } from '../src/model/dist-layout.ts';

export async function buildServer(root: string, logLevel: 'info' | 'warn'): Promise<void> {
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
  await build({
    root,
    configFile: false,
    logLevel,
    mode: 'production',
    define: { __APP_VERSION__: JSON.stringify(version) },
    build: {
      ssr: true,
      outDir: path.join(root, distLayout.serverDir),
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'node20',
      minify: false,
      rollupOptions: {
        input: { main: path.join(root, 'server', 'main.ts'), outbox: path.join(root, 'server', 'outbox-cli.ts') },
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}
