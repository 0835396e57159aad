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

const ID = 'virtual:route-patterns';
const RESOLVED = `\0${ID}`;

function dynamicRoutes(file: string): Array<{ path: string; page: string }> {
  try {
    const config = parseContentJson(readFileSync(file, 'utf8')) as { routes?: Array<{ path?: unknown; page?: unknown }> };
    return (config.routes ?? []).flatMap((r) => (typeof r.path === 'string' && typeof r.page === 'string' && isDynamicPattern(r.path) ? [{ path: r.path, page: r.page }] : []));
  } catch {
    return []; // the content check reports a broken pages.json, with its line and column
  }
}

export function routePatternsPlugin(): Plugin {
  let file = '';
  return {
    name: 'route-patterns',
    configResolved(config) {
      file = path.join(config.root, 'pages.json');
    },
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(file);
      return `export const routePatterns = ${JSON.stringify(dynamicRoutes(file))};`;
    },
    hotUpdate({ file: changed, modules }) {
      if (path.resolve(changed) !== file) return;
      const virtual = this.environment.moduleGraph.getModuleById(RESOLVED);
      return virtual ? [...modules, virtual] : modules;
    },
  };
}
