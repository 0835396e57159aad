/**
 * Block type → what the browser loads for it. The entries are generated from the block folders by gen:types
 * (src/generated/block-registry.ts); this mapped type makes a block type without a component, or a component
 * whose props differ from its schema's generated type, a compile error there.
 */
import type { ComponentType } from 'react';
import type { BlockPropsMap } from '../generated/block-props';
import type { HydrationMode } from '../model/hydration';

export interface BlockModule<P> {
  default: ComponentType<P>;
}

/** A block's behaviour without React, attached to its server-rendered root; returns what undoes it. */
export interface EnhanceModule {
  default: (root: HTMLElement) => () => void;
}

/**
 * One block type in the browser: its component module, loaded on demand; how it hydrates in the production
 * build (docs/architecture.md, "Hydration"); and, when its folder has one, its enhance module, which the island
 * runtime runs on every root of the block that is not hydrated.
 */
export interface BlockRegistryEntry<P> {
  component: () => Promise<BlockModule<P>>;
  hydrate: HydrationMode;
  enhance?: () => Promise<EnhanceModule>;
}

export type BlockRegistry = { [T in keyof BlockPropsMap]: BlockRegistryEntry<BlockPropsMap[T]> };

export { blockRegistry } from '../generated/block-registry';
