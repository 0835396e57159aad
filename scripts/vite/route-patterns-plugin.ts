/**
 * `virtual:route-patterns`: the routes of pages.json whose paths have parameters ("/blogs/:slug"). The browser
 * needs them to build links (an article's path), while the whole route table, which grows with every page,
 * stays on the server. Their number grows with the kinds of pages, not with the pages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { isDynamicPattern } from '../../src/model/routes.ts';
import { parseContentJson } from '../content-check/json-positions.ts';
import { virtualModulePlugin } from './virtual-module-plugin.ts';

function dynamicRoutes(file: string): Array<{ path: string; page: string }> {
  try {
    const config = parseContentJson(readFileSync(file, 'utf8')) as { routes?: Array<{ path?: unknown; page?: unknown }> };
    return (config.routes ?? []).flatMap((r) => (typeof r.path === 'string' && typeof r.page === 'string' && isDynamicPattern(r.path) ? [{ path: r.path, page: r.page }] : []));
  } catch {
    return []; // the content check reports a broken pages.json, with its line and column
  }
}

export const routePatternsPlugin = (): Plugin =>
  virtualModulePlugin({
    name: 'route-patterns',
    id: 'virtual:route-patterns',
    build(root) {
      const file = path.join(root, 'pages.json');
      return { code: `export const routePatterns = ${JSON.stringify(dynamicRoutes(file))};`, files: [file] };
    },
    dependsOn: (file, root) => file === path.join(root, 'pages.json'),
  });
