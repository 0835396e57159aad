/**
 * The built HTML of the site's page at a path (dist/<path>/index.html, through the route table), read when asked:
 * the answers to a form sent without JavaScript are made from the page it was on. A path that is no page (a
 * redirect, a pattern's shell, nothing) has none.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { htmlFileFor } from '../../src/model/dist-layout.ts';
import { resolvePath } from '../../src/model/routes.ts';
import type { SiteRoutes } from '../../src/model/route-answer.ts';
import type { PageHtml } from './enquiry-answer.ts';

/** `table`: the route table of the build being served, asked at each call (a publish adds pages). */
export function builtPageHtml(distDir: string, table: () => SiteRoutes): PageHtml {
  return async (urlPath) => {
    const resolution = resolvePath(table(), urlPath);
    // A page of a pattern (an article) was built as a shell for every path: not a page a form is on.
    if (resolution.kind !== 'page' || Object.keys(resolution.params).length > 0) return undefined;
    return readFile(path.join(distDir, htmlFileFor(resolution.pattern, resolution.page)), 'utf8').catch(() => undefined);
  };
}
