/** The grid's server side: the list is loaded before the page renders, so its cards are in the HTML, final (no React in the browser) when there were any; the page advertises the feed, which it serves. */
import type { BlockServerModule } from '../../src/kit/block-server';
import type { BlogGridProps } from '../../src/generated/block-props';
import { feedHead, listIsFinal, loadBlogList } from '../../src/features/blog/blog-loaders';
import { renderFeed } from '../../src/features/blog/blog-documents';

export const loadData: BlockServerModule<BlogGridProps>['loadData'] = (_props, route, context) => loadBlogList(route, context);
export const finalWith = listIsFinal;
export const head = feedHead;
export const renderDocument = renderFeed;
