/** The article's server side: the article (and the list, for its neighbours) is loaded before the page renders; it gives the page its title, link preview and JSON-LD, and lists every article in the sitemap. */
import type { BlockServerModule } from '../../src/kit/block-server';
import type { BlogArticleProps } from '../../src/generated/block-props';
import { articleHead, articleIsFinal, loadArticle, newestArticleRoute } from '../../src/features/blog/blog-loaders';
import { articleSitemapEntries } from '../../src/features/blog/blog-documents';

export const loadData: BlockServerModule<BlogArticleProps>['loadData'] = (_props, route, context) => loadArticle(route, context);
export const finalWith = articleIsFinal;
export const head = articleHead;
export const sitemapEntries = articleSitemapEntries;
export const exampleRoute = newestArticleRoute;
