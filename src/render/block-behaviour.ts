/**
 * What the registry says of a block type besides its component, without React: the island runtime
 * (start-islands.ts) asks it, and must not pull React into a page that has no island.
 */
import type { BlockType } from '../model/block-entry';
import { blockRegistry, type BlockRegistryEntry } from './registry';

export function isBlockType(type: string): type is BlockType {
  return Object.hasOwn(blockRegistry, type);
}

/** How a block type hydrates, and its enhance module if it has one. */
export function blockBehaviour(type: BlockType): Pick<BlockRegistryEntry<never>, 'hydrate' | 'enhance'> {
  return blockRegistry[type];
}
