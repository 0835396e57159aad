/**
 * Loads what a path shows (a RouteAnswer) and the modules of every block on it. The returned promise is
 * tracked, so React's use() reads an already-loaded route synchronously (hydration, back and forth
 * navigation). The browser keeps one loader for the visit; the prerender makes one per page.
 */
import type { BlockEntry } from '../model/block-entry';
import type { HeadContribution } from '../model/head-tags';
import type { BuiltPage, RouteAnswer, RouteData } from '../model/route-answer';
import { isBlockType, loadBlockModule } from '../render/block-modules';
import { site } from '../model/site';

export interface LoadedPage extends BuiltPage {
  name: string;
}

/** The page as the build wrote it, without the name the loader gave it: what its HTML carries. */
export function builtPageOf({ name: _name, ...document }: LoadedPage): BuiltPage {
  return document;
}

export type LoadedRoute = { kind: 'page'; page: LoadedPage; params: Record<string, string>; notFound: boolean; data: RouteData; head: HeadContribution } | { kind: 'redirect'; to: string };

const NO_DATA: RouteData = {};

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export interface RouteLoader {
  load(path: string): Promise<LoadedRoute>;
}

function loadBlocks(blocks: readonly BlockEntry[]): Promise<unknown> {
  return Promise.all(blocks.flatMap((b) => (isBlockType(b.type) ? [loadBlockModule(b.type)] : [])));
}

export function loadLayout(): Promise<unknown> {
  return loadBlocks([site.layout.header, site.layout.footer]);
}

async function loadRoute(answer: RouteAnswer): Promise<LoadedRoute> {
  if (answer.kind === 'redirect') return answer;
  await loadBlocks(answer.document.blocks);
  const { page, params, notFound, document, data = NO_DATA, head = {} } = answer;
  return { kind: 'page', page: { name: page, ...document }, params, notFound, data, head };
}

export function createRouteLoader(answer: (path: string) => Promise<RouteAnswer>): RouteLoader {
  const cache = new Map<string, Tracked<LoadedRoute>>();
  return {
    load(rawPath) {
      const path = rawPath.split(/[?#]/)[0] || '/';
      let promise = cache.get(path);
      if (!promise) {
        const tracked: Tracked<LoadedRoute> = answer(path).then(loadRoute);
        tracked.status = 'pending';
        tracked.then(
          (value) => Object.assign(tracked, { status: 'fulfilled', value }),
          (reason: unknown) => {
            Object.assign(tracked, { status: 'rejected', reason });
            cache.delete(path); // a network hiccup should not break the page for the rest of the visit
          },
        );
        cache.set(path, tracked);
        promise = tracked;
      }
      return promise;
    },
  };
}

/** The source files a page needs besides the app, for modulepreload links in the prerendered HTML. */
export function pageSourceFiles(page: LoadedPage): string[] {
  return [...new Set(page.blocks.map((b) => `blocks/${b.type}/${b.type}.tsx`))];
}
