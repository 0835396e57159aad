/**
 * Loads what a path shows (a RouteAnswer) and the modules of every block on it, and hands on the answer itself.
 * The returned promise is tracked, so React's use() reads an already-loaded route synchronously. The dev server's
 * page keeps one loader; the server makes one per render.
 */
import type { BlockEntry } from '../model/block-entry';
import type { RouteAnswer } from '../model/route-answer';
import { isBlockType, loadBlockModule } from '../render/block-modules';
import { site } from '../model/site';

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export interface RouteLoader {
  load(path: string): Promise<RouteAnswer>;
}

function loadBlocks(blocks: readonly BlockEntry[]): Promise<unknown> {
  return Promise.all(blocks.flatMap((b) => (isBlockType(b.type) ? [loadBlockModule(b.type)] : [])));
}

export function loadLayout(): Promise<unknown> {
  return loadBlocks([site.layout.header, site.layout.footer]);
}

async function loadRoute(answer: RouteAnswer): Promise<RouteAnswer> {
  if (answer.kind === 'page') await loadBlocks(answer.document.blocks);
  return answer;
}

export function createRouteLoader(answer: (path: string) => Promise<RouteAnswer>): RouteLoader {
  const cache = new Map<string, Tracked<RouteAnswer>>();
  return {
    load(rawPath) {
      const path = rawPath.split(/[?#]/)[0] || '/';
      let promise = cache.get(path);
      if (!promise) {
        const tracked: Tracked<RouteAnswer> = answer(path).then(loadRoute);
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
