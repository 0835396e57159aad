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
  accordion: () => import('../../blocks/accordion/accordion'),
  'approach-cards': () => import('../../blocks/approach-cards/approach-cards'),
  'blog-article': () => import('../../blocks/blog-article/blog-article'),
  'blog-grid': () => import('../../blocks/blog-grid/blog-grid'),
  'blog-slider': () => import('../../blocks/blog-slider/blog-slider'),
  'choose-us-cards': () => import('../../blocks/choose-us-cards/choose-us-cards'),
  'closing-banner': () => import('../../blocks/closing-banner/closing-banner'),
  'contact-form': () => import('../../blocks/contact-form/contact-form'),
  counters: () => import('../../blocks/counters/counters'),
  faq: () => import('../../blocks/faq/faq'),
  hero: () => import('../../blocks/hero/hero'),
  'highlight-pairs': () => import('../../blocks/highlight-pairs/highlight-pairs'),
  'info-cards': () => import('../../blocks/info-cards/info-cards'),
  'legal-text': () => import('../../blocks/legal-text/legal-text'),
  'open-positions': () => import('../../blocks/open-positions/open-positions'),
  'page-hero': () => import('../../blocks/page-hero/page-hero'),
  'revolve-cards': () => import('../../blocks/revolve-cards/revolve-cards'),
  'sector-slider': () => import('../../blocks/sector-slider/sector-slider'),
  'site-footer': () => import('../../blocks/site-footer/site-footer'),
  'site-header': () => import('../../blocks/site-header/site-header'),
  'smart-content': () => import('../../blocks/smart-content/smart-content'),
  'smart-solutions': () => import('../../blocks/smart-solutions/smart-solutions'),
  'solutions-tabs': () => import('../../blocks/solutions-tabs/solutions-tabs'),
  testimonials: () => import('../../blocks/testimonials/testimonials'),
  'vision-mission': () => import('../../blocks/vision-mission/vision-mission'),
  'who-we-are': () => import('../../blocks/who-we-are/who-we-are'),
  'why-choose': () => import('../../blocks/why-choose/why-choose'),
};
