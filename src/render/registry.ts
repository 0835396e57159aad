/**
 * Block type → its component module, loaded on demand. The mapped type makes a block type without a
 * component, or a component whose props differ from its schema's generated type, a compile error.
 */
import type { ComponentType } from 'react';
import type { BlockPropsMap } from '../generated/block-props';

export interface BlockModule<P> {
  default: ComponentType<P>;
}

export type BlockLoaders = { [T in keyof BlockPropsMap]: () => Promise<BlockModule<BlockPropsMap[T]>> };

export const blockLoaders: BlockLoaders = {
  'closing-banner': () => import('../../blocks/closing-banner/closing-banner'),
  hero: () => import('../../blocks/hero/hero'),
  'page-hero': () => import('../../blocks/page-hero/page-hero'),
  'site-footer': () => import('../../blocks/site-footer/site-footer'),
  'site-header': () => import('../../blocks/site-header/site-header'),
};
