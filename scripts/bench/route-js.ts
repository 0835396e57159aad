/** The JS a route may run after a full scroll, read from its HTML alone (the scale bench compares two pages with it;
 *  `npm run bench -- --only js` measures in Chromium, route-js-browser.ts): the inline loader (src/loader.ts), the
 *  modules of <meta name="app-modules"> and each island's <meta name="island-modules">; gzip sizes; and the islands
 *  the page hydrates (their block types). */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { inlineScripts } from '../../server/http/security-headers.ts';

/** A string each library's minified production code keeps (an action type, a default message, a class name), so a route's JS shows whether it carries the library. */
const libraryMarkers = { formik: 'SET_FORMIK_STATE', yup: '${path} must be a valid email', 'react-slick': 'slick-track' };

/** The libraries a route's JS is searched for: the form's and the carousel's. */
export const trackedLibraries = Object.keys(libraryMarkers);

export interface RouteJs {
  files: number;
  gzipBytes: number;
  libraries: string[];
  /** The block type and mode of each island, in page order ("site-header:load"). */
  islands: string[];
}

export async function routeJs(distDir: string, htmlFile: string): Promise<RouteJs> {
  const html = await readFile(htmlFile, 'utf8');
  const appModules = /<meta name="app-modules" content="([^"]*)"/.exec(html)?.[1]?.split(' ').filter(Boolean) ?? [];
  // Each island's own modules, which its turn loads: all of them after a full scroll (one that waits for input aside).
  for (const [, list] of html.matchAll(/<meta name="island-modules" data-island-block="[^"]+" content="([^"]*)"/g)) appModules.push(...list!.split(' ').filter(Boolean));
  const tags = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const files = [...new Set([...tags, ...appModules].map((f) => f.slice(1)))];
  const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(distDir, `${f}.gz`))).size));
  for (const code of inlineScripts(html)) sizes.push(gzipSync(code).length);
  const code = (await Promise.all(files.map((f) => readFile(path.join(distDir, f), 'utf8')))).join('\n');
  const libraries = Object.entries(libraryMarkers)
    .filter(([, marker]) => code.includes(marker))
    .map(([name]) => name);
  const islands = [...html.matchAll(/<div data-block="([^"]+)"[^>]*?\sdata-island="([^"]+)"/g)].map((m) => `${m[1]}:${m[2]}`);
  return { files: files.length, gzipBytes: sizes.reduce((a, b) => a + b, 0), libraries, islands };
}
