/**
 * Block type → what the browser loads for it. The entries are generated from the block folders by gen:types
 * (src/generated/block-registry.ts); this mapped type makes a block type without a component, or a component
 * whose props differ from its schema's generated type, a compile error there.
 */
import type { ComponentType } from 'react';
import type { BlockPropsMap } from '../generated/block-props';

export interface BlockModule<P> {
  default: ComponentType<P>;
}

/** One block type in the browser: its component module, loaded on demand. */
export interface BlockRegistryEntry<P> {
  component: () => Promise<BlockModule<P>>;
}

export type BlockRegistry = { [T in keyof BlockPropsMap]: BlockRegistryEntry<BlockPropsMap[T]> };

export { blockRegistry } from '../generated/block-registry';
