/**
 * The production build's browser runtime (docs/architecture.md, "Hydration"): no React of its own. It runs the
 * enhance module of every block root that is not an island, and hydrates each island (a root the server marked
 * with data-island) as a React root of its own when its mode says: `load` at once, `idle` when the browser is
 * idle, `visible` when it comes near the viewport (one IntersectionObserver for all), `interaction` only when the
 * visitor reaches it (focus, press), and any island at once when the visitor reaches it first. An island's modules (React, its component, its packages) are preloaded only then.
 * `data-hydrated` on <html> says the page is ready: enhance modules run and `load` islands hydrated; each island's
 * root gets `data-hydrated` when it is.
 */
import { ISLAND_MODE_ATTRIBUTE, type HydrationMode } from '../model/hydration';
import { showStaticLazyImages } from '../kit/static-lazy-images';
import { islandModules, preloadModules } from '../model/page-modules';
import { blockBehaviour, isBlockType } from './block-behaviour';
import { holdUntilHydrated, takeEarlyEvents, type IslandWatch } from './held-events';

export { prefetchLinksOnIntent } from './link-prefetch';

/**
 * How far ahead of the viewport a `visible` island starts hydrating once the visitor scrolls, so it is ready when
 * it scrolls in. Until the first scroll only what is on screen counts: a visitor who never scrolls loads nothing
 * for the blocks below the fold.
 */
export const VISIBLE_MARGIN = '300px 0px';

function describe(root: HTMLElement): string {
  return `"${root.dataset.block}"${root.id ? ` (#${root.id})` : ''}`;
}

function enhance(root: HTMLElement): Promise<unknown> | null {
  const type = root.dataset.block ?? '';
  if (!isBlockType(type)) return null;
  const load = blockBehaviour(type).enhance;
  if (!load) return null;
  return load().then(
    (module) => module.default(root),
    (error: unknown) =>
      console.error(`The enhance module of the block ${describe(root)} failed to load; the block keeps its server HTML without its behaviour. Reload the page; if it persists, check blocks/${type}/${type}.enhance.ts.`, error),
  );
}

export function startIslands(doc: Document = document): Promise<void> {
  // What the visitor did to islands before this ran (held by the inline loader), now the runtime's to replay.
  const early = takeEarlyEvents(doc);
  const roots = [...doc.querySelectorAll<HTMLElement>('[data-block]')];
  const islands = roots.filter((root) => root.hasAttribute(ISLAND_MODE_ATTRIBUTE));
  const staticRoots = roots.filter((root) => !root.hasAttribute(ISLAND_MODE_ATTRIBUTE));
  // React never renders a static block again, so its lazy pictures are the browser's to load.
  for (const root of staticRoots) showStaticLazyImages(root);
  const ready: Array<Promise<unknown>> = staticRoots.flatMap((root) => enhance(root) ?? []);

  if (islands.length > 0) {
    // Called once per island: holdUntilHydrated's start runs it once.
    const hydrate = (root: HTMLElement): Promise<void> => {
      observer?.unobserve(root);
      waiting.delete(root);
      // The island's own modules (React, its component, the packages it uses) in one round trip, only now.
      preloadModules(doc, islandModules(doc, root.dataset.block ?? ''));
      return import('./hydrate-island')
        .then((module) => module.hydrateIsland(root))
        .catch((error: unknown) => console.error(`The island ${describe(root)} could not hydrate (its modules failed to load, or it threw); it keeps its server HTML without its behaviour. Reload the page.`, error));
    };
    const turns = new WeakMap<Element, IslandWatch>();
    const waiting = new Set<HTMLElement>();
    const watchFrom = (margin: string) =>
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries) if (entry.isIntersecting) void turns.get(entry.target)?.start();
            },
            { rootMargin: margin },
          );
    let observer = watchFrom('0px');
    // The visitor moves: from now on, look ahead of them.
    doc.addEventListener(
      'scroll',
      () => {
        observer?.disconnect();
        observer = watchFrom(VISIBLE_MARGIN);
        for (const root of waiting) observer?.observe(root);
      },
      { once: true, passive: true },
    );
    // Safari has no requestIdleCallback: a short timeout stands in for it.
    const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
    for (const root of islands) {
      // A visitor who reaches an island before its turn (a fast scroll, a Tab, a tap) starts it at once, and what
      // they did is held and replayed once it is hydrated (held-events.ts).
      const watch = holdUntilHydrated(root, () => hydrate(root));
      turns.set(root, watch);
      const turn = watch.start;
      const mode = root.getAttribute(ISLAND_MODE_ATTRIBUTE) as HydrationMode;
      if (mode === 'load') ready.push(turn());
      else if (mode === 'idle') whenIdle(() => void turn());
      else if (mode === 'visible') {
        waiting.add(root);
        if (observer) observer.observe(root);
        else ready.push(turn()); // nothing can tell visibility here
      }
      // Any other mode waits for the visitor's interaction alone.
    }
    for (const { root, replay } of early) turns.get(root)?.adopt(replay);
  }
  return Promise.allSettled(ready).then(() => doc.documentElement.setAttribute('data-hydrated', ''));
}
