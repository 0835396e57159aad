/**
 * Production build: replaces the entry's script and modulepreload tags with src/loader.ts, compiled and
 * inlined. The prerender puts the entry's chunks at the head of <meta name="app-modules">, where the loader
 * finds them; the server allows the inline script by its hash (inlineScriptHashes in server/http/security-headers.ts).
 */
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

const LOADER = path.resolve(import.meta.dirname, '../../src/loader.ts');

async function compileLoader(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: true, target: 'es2022', lib: { entry: LOADER, formats: ['iife'], name: 'siteLoader' } },
  })) as Rolldown.RolldownOutput[];
  const chunk = output[0]?.output.find((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error(`Compiling ${LOADER} produced no code.`);
  // "</script" inside the code would end the inline element early.
  return chunk.code.trim().replace(/<\/script/gi, '<\\/script');
}

export function inlineLoaderPlugin(): Plugin {
  let loader: Promise<string> | undefined;
  return {
    name: 'inline-loader',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written its own script and modulepreload tags into the page.
      order: 'post',
      async handler(html) {
        loader ??= compileLoader();
        const withoutTags = html.replace(/\s*<script type="module"[^>]*\bsrc="[^"]+"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
        return withoutTags.replace('</body>', `  <script>${await loader}</script>\n  </body>`);
      },
    },
  };
}
