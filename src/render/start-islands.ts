/**
 * The production build's browser runtime (docs/architecture.md, "Hydration"): no React of its own. It runs the
 * enhance module of every block root that is not an island, and hydrates each island (a root the server marked
 * with data-island) as a React root of its own when its mode says: `load` at once, `idle` when the browser is
 * idle, `visible` when it comes near the viewport (one IntersectionObserver for all), `interaction` only on the
 * visitor's first focus, press or input inside it. React and the hydrator are
 * imported only when the page has an island. `data-hydrated` on <html> says the page is ready: enhance modules
 * run and `load` islands hydrated; each island's root gets `data-hydrated` when it is.
 */
import { ISLAND_MODE_ATTRIBUTE, type HydrationMode } from '../model/hydration';
import { showStaticLazyImages } from '../kit/static-lazy-images';
import { blockBehaviour, isBlockType } from './block-behaviour';
import { holdSubmitUntilHydrated } from './hold-submit';

export { prefetchLinksOnIntent } from './link-prefetch';

/** How far ahead of the viewport a `visible` island starts hydrating, so it is ready when it scrolls in. */
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
  const roots = [...doc.querySelectorAll<HTMLElement>('[data-block]')];
  const islands = roots.filter((root) => root.hasAttribute(ISLAND_MODE_ATTRIBUTE));
  const staticRoots = roots.filter((root) => !root.hasAttribute(ISLAND_MODE_ATTRIBUTE));
  // React never renders a static block again, so its lazy pictures are the browser's to load.
  for (const root of staticRoots) showStaticLazyImages(root);
  const ready: Array<Promise<unknown>> = staticRoots.flatMap((root) => enhance(root) ?? []);

  if (islands.length > 0) {
    const hydrator = import('./hydrate-island');
    // Each island's hydration, started once: a second trigger waits for the same one.
    const started = new WeakMap<HTMLElement, Promise<void>>();
    const hydrate = (root: HTMLElement) => {
      const running = started.get(root);
      if (running) return running;
      observer?.unobserve(root);
      const done = hydrator.then(
        (module) => module.hydrateIsland(root),
        (error: unknown) => console.error(`The island ${describe(root)} could not load React; it keeps its server HTML without its behaviour. Reload the page.`, error),
      );
      started.set(root, done);
      return done;
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                if (!entry.isIntersecting) continue;
                void hydrate(entry.target as HTMLElement);
              }
            },
            { rootMargin: VISIBLE_MARGIN },
          );
    // Safari has no requestIdleCallback: a short timeout stands in for it.
    const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
    for (const root of islands) {
      // A visitor who reaches an island before its turn (a fast scroll, a Tab, a tap) should not press or type into
      // dead HTML for long: their first touch or focus inside it hydrates it at once, without waiting for its mode.
      for (const type of ['pointerdown', 'focusin', 'input'] as const) root.addEventListener(type, () => void hydrate(root), { once: true, capture: true });
      const mode = root.getAttribute(ISLAND_MODE_ATTRIBUTE) as HydrationMode;
      if (mode === 'interaction') holdSubmitUntilHydrated(root, hydrate);
      else if (mode === 'visible' && observer) observer.observe(root);
      else if (mode === 'idle') whenIdle(() => void hydrate(root));
      else ready.push(hydrate(root)); // `load`, and `visible` where nothing can tell visibility
    }
  }
  return Promise.allSettled(ready).then(() => doc.documentElement.setAttribute('data-hydrated', ''));
}
