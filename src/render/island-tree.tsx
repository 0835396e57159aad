/**
 * One island as a React root: the block with everything it may ask of its surroundings (settings, route, route
 * data, the page's pictures). The server renders each island with this (src/app/render-route.tsx) and the browser
 * hydrates each island's root with the same (src/render/hydrate-island.tsx), so the two renders match.
 */
import { useEffect } from 'react';
import type { BlockEntry } from '../model/block-entry';
import { ISLAND_ENTRY_ATTRIBUTE, type IslandEntryKey } from '../model/hydration';
import type { BuiltPage, RouteData } from '../model/route-answer';
import { site } from '../model/site';
import { BlockEnvironment } from '../kit/block-environment';
import { PagePicturesContext, type PagePictures } from '../kit/picture';
import type { RouteInfo } from '../kit/route-context';
import { blockBehaviour, isBlockType } from './block-behaviour';
import { BlockContent } from './render-blocks';

export interface IslandEnvironment {
  route: RouteInfo;
  data: RouteData;
  pictures: PagePictures;
}

/** The page's pictures as the Picture component reads them. */
export function pagePictures(page: BuiltPage): PagePictures {
  return { sets: page.pictures ?? {}, ...(page.priorityPicture ? { priority: page.priorityPicture } : {}) };
}

/** The block entries of a page (the layout's and its own) that hydrate in the browser, by the key their root carries. */
export function islandEntries(blocks: readonly BlockEntry[]): Array<{ key: IslandEntryKey; entry: BlockEntry }> {
  const all: Array<{ key: IslandEntryKey; entry: BlockEntry }> = [
    { key: 'layout:header', entry: site.layout.header },
    ...blocks.map((entry, i) => ({ key: `page:${i}` as const, entry })),
    { key: 'layout:footer', entry: site.layout.footer },
  ];
  return all.filter(({ entry }) => isBlockType(entry.type) && blockBehaviour(entry.type).hydrate !== 'none');
}

/** The block entry an island's root names; null when the page holds no such entry (a stale page). */
export function islandEntry(key: string, blocks: readonly BlockEntry[]): BlockEntry | null {
  return islandEntries(blocks).find((island) => island.key === key)?.entry ?? null;
}

export function islandKeyOf(root: HTMLElement): string {
  return root.getAttribute(ISLAND_ENTRY_ATTRIBUTE) ?? '';
}

/** `onRendered`: called once the browser has hydrated (or rendered) the island; the server's render has none. */
export function IslandTree({ entry, environment, onRendered }: { entry: BlockEntry; environment: IslandEnvironment; onRendered?: () => void }) {
  useEffect(() => onRendered?.(), [onRendered]);
  return (
    <BlockEnvironment settings={site.settings} route={environment.route} data={environment.data}>
      <PagePicturesContext.Provider value={environment.pictures}>
        <BlockContent entry={entry} />
      </PagePicturesContext.Provider>
    </BlockEnvironment>
  );
}
