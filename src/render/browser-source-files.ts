/**
 * The source files a page needs in the browser of the production build (scripts/prerender.ts turns them into
 * chunks). At start (<meta name="app-modules">): the island runtime, the enhance module of each block (an
 * island's serves when the server's HTML of it was final), and, for islands that hydrate at load or when idle,
 * React's hydrator and their components. Each other island (`visible`, or any mode that waits for the visitor)
 * gets its own list (<meta name="island-modules">), which the runtime preloads only when that island's turn
 * comes, so a block far down the page costs nothing at load.
 */
import type { BlockEntry } from '../model/block-entry';
import type { BrowserSourceFiles } from '../model/dist-layout';
import type { HydrationMode } from '../model/hydration';
import { blockBehaviour, isBlockType } from './block-behaviour';

export const ISLAND_RUNTIME_SOURCE = 'src/render/start-islands.ts';
export const ISLAND_HYDRATOR_SOURCE = 'src/render/hydrate-island.tsx';

/** The modes whose islands hydrate without waiting for the visitor: their modules are worth loading at start. */
const STARTS_AT_ONCE: ReadonlySet<HydrationMode> = new Set(['load', 'idle']);

export function browserSourceFiles(blocks: readonly BlockEntry[]): BrowserSourceFiles {
  const atStart = new Set<string>([ISLAND_RUNTIME_SOURCE]);
  const byIsland: Record<string, string[]> = {};
  for (const { type } of blocks) {
    if (!isBlockType(type)) continue;
    const { hydrate, enhance } = blockBehaviour(type);
    // An island's enhance module serves when its server HTML was final (a page rendered on request with its
    // data, src/kit/block-server.ts finalWith): the page's template needs it at start too.
    if (enhance) atStart.add(`blocks/${type}/${type}.enhance.ts`);
    if (hydrate === 'none') continue;
    const island = [ISLAND_HYDRATOR_SOURCE, `blocks/${type}/${type}.tsx`];
    if (STARTS_AT_ONCE.has(hydrate)) for (const source of island) atStart.add(source);
    else byIsland[type] = island;
  }
  return { atStart: [...atStart], byIsland };
}
