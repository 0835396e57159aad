/** The JS a route may run after a full scroll, read from its HTML alone (the scale bench compares two pages with it;
 *  `npm run bench -- --only js` measures in Chromium, route-js-browser.ts): the inline loader (src/loader.ts), the
 *  modules of <meta name="app-modules"> and each island's <meta name="island-modules">; gzip sizes. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { inlineScripts } from '../../server/http/security-headers.ts';

export async function routeJs(distDir: string, htmlFile: string): Promise<{ gzipBytes: number }> {
  const html = await readFile(htmlFile, 'utf8');
  const appModules = /<meta name="app-modules" content="([^"]*)"/.exec(html)?.[1]?.split(' ').filter(Boolean) ?? [];
  // Each island's own modules, which its turn loads: all of them after a full scroll (one that waits for input aside).
  for (const [, list] of html.matchAll(/<meta name="island-modules" data-island-block="[^"]+" content="([^"]*)"/g)) appModules.push(...list!.split(' ').filter(Boolean));
  const tags = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const files = [...new Set([...tags, ...appModules].map((f) => f.slice(1)))];
  const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(distDir, `${f}.gz`))).size));
  for (const code of inlineScripts(html)) sizes.push(gzipSync(code).length);
  return { gzipBytes: sizes.reduce((a, b) => a + b, 0) };
}
