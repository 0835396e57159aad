/**
 * The source files a page needs in the browser of the production build, for its <meta name="app-modules">
 * (scripts/prerender.ts turns them into chunks): the island runtime always; React's hydrator and each island's
 * component only when the page has an island; the enhance module of each block that is not an island.
 */
import type { BlockEntry } from '../model/block-entry';
import { blockBehaviour, isBlockType } from './block-behaviour';

export const ISLAND_RUNTIME_SOURCE = 'src/render/start-islands.ts';
export const ISLAND_HYDRATOR_SOURCE = 'src/render/hydrate-island.tsx';

export function browserSourceFiles(blocks: readonly BlockEntry[]): string[] {
  const islands: string[] = [];
  const enhancers: string[] = [];
  for (const { type } of blocks) {
    if (!isBlockType(type)) continue;
    const entry = blockBehaviour(type);
    if (entry.hydrate !== 'none') islands.push(`blocks/${type}/${type}.tsx`);
    else if (entry.enhance) enhancers.push(`blocks/${type}/${type}.enhance.ts`);
  }
  const hydrator = islands.length > 0 ? [ISLAND_HYDRATOR_SOURCE] : [];
  return [...new Set([ISLAND_RUNTIME_SOURCE, ...enhancers, ...hydrator, ...islands])];
}
