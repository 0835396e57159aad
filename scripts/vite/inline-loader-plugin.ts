/**
 * Production build: replaces the entry's script and modulepreload tags with src/loader.ts, compiled and
 * inlined, and adds the speculation rules that prefetch a site page when the pointer rests on its link. The
 * prerender puts the entry's chunks at the head of <meta name="app-modules">, where the loader finds them; the
 * server allows both inline elements by their hashes (inlineScriptHashes in server/http/security-headers.ts).
 */
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

const LOADER = path.resolve(import.meta.dirname, '../../src/loader.ts');

/**
 * Navigation is a plain page load, made quick: where the browser has speculation rules, a same-site page is
 * prefetched once the pointer rests on (or presses) its link ("moderate"). Not the API, the feed, the image endpoint,
 * files, or links opened elsewhere. Browsers without them get a prefetch link from the island runtime
 * (src/render/link-prefetch.ts).
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [{ href_matches: '/*' }, { not: { href_matches: '/api/*' } }, { not: { href_matches: '/_image*' } }, { not: { href_matches: '/*.*' } }, { not: { selector_matches: '[download], [target], [rel~="nofollow"]' } }],
      },
      eagerness: 'moderate',
    },
  ],
});

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
        const withRules = withoutTags.replace('</head>', `  <script type="speculationrules">${SPECULATION_RULES}</script>\n  </head>`);
        return withRules.replace('</body>', `  <script>${await loader}</script>\n  </body>`);
      },
    },
  };
}
