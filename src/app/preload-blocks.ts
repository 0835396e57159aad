/**
 * The modules of every block a page shows (the layout's and its own), loaded before the page renders: the
 * server's render and the dev server's page then render in one go, no block waiting for its code.
 */
import type { BlockEntry } from '../model/block-entry';
import { site } from '../model/site';
import { isBlockType, loadBlockModule } from '../render/block-modules';

export function preloadBlocks(blocks: readonly BlockEntry[]): Promise<unknown> {
  const all = [site.layout.header, ...blocks, site.layout.footer];
  return Promise.all(all.flatMap((b) => (isBlockType(b.type) ? [loadBlockModule(b.type)] : [])));
}
