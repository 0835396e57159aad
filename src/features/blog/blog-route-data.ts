/**
 * Server side: the blog answers a page's first render needs, fetched before it is rendered, so the HTML
 * carries the articles — visible at once, to crawlers and without JavaScript. Pages without these blocks
 * are prerendered at build time as before.
 */
import type { RouteData } from '../../kit/route-data';
import { fetchBlog, fetchBlogs, type FetchOptions } from './blog-client';
import { ApiError, type BlogArticle, type BlogSummary } from './blog-types';
import { routeDataKeys } from './use-blogs';
import { ARTICLE_BLOCKS, LIST_BLOCKS } from './blog-blocks';



export type BlogRouteData =
  | { kind: 'none' }
  | { kind: 'loaded'; data: RouteData; article?: BlogArticle; posts?: BlogSummary[] }
  /** The API has no article for the slug: the page is a 404. */
  | { kind: 'missing-article' };

/**
 * Throws the ApiError when an answer the page cannot do without fails; the caller then serves the prerendered
 * page, whose blocks fetch in the browser. A failed list on an article page only costs the neighbour links,
 * which the browser then fetches.
 */
export async function loadBlogRouteData(blockTypes: readonly string[], params: Record<string, string>, options: FetchOptions): Promise<BlogRouteData> {
  const wantsArticle = blockTypes.some((type) => ARTICLE_BLOCKS.has(type));
  const wantsList = wantsArticle || blockTypes.some((type) => LIST_BLOCKS.has(type));
  if (!wantsList) return { kind: 'none' };
  const slug = params.slug ?? '';
  if (wantsArticle && !slug) return { kind: 'missing-article' };

  const [list, article] = await Promise.allSettled([fetchBlogs(options), wantsArticle ? fetchBlog(slug, options) : Promise.resolve(undefined)]);
  if (article.status === 'rejected') {
    if (article.reason instanceof ApiError && article.reason.kind === 'not-found') return { kind: 'missing-article' };
    throw article.reason;
  }
  if (list.status === 'rejected' && !wantsArticle) throw list.reason;

  const data: RouteData = {};
  const posts = list.status === 'fulfilled' ? list.value : undefined;
  if (posts) data[routeDataKeys.blogs] = posts;
  if (article.value) data[routeDataKeys.blog(slug)] = article.value;
  return { kind: 'loaded', data, ...(article.value ? { article: article.value } : {}), ...(posts ? { posts } : {}) };
}
