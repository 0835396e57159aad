/**
 * The server side of the blog blocks (blocks/blog-grid/blog-grid.server.ts, blocks/blog-article/blog-article.server.ts):
 * the answers their page is rendered with, so the HTML carries the articles (visible at once, to crawlers and
 * without JavaScript), and what those answers add to the page's head.
 */
import type { LoadContext, Loaded } from '../../kit/block-server';
import type { RouteInfo } from '../../kit/route-context';
import type { HeadContribution } from '../../model/head-tags';
import type { RouteData } from '../../model/route-answer';
import { site } from '../../model/site';
import { articleHeadText } from './article-head';
import { absoluteUrl, blogPostingData } from './article-structured-data';
import { BANNER_HEIGHT, BANNER_WIDTH } from './blog-card';
import { fetchBlog, fetchBlogs, type FetchOptions } from './blog-client';
import { ApiError, type BlogArticle, type BlogSummary } from './blog-types';
import { feedTitle } from './feed-title';
import { sitePaths } from './site-paths';
import { routeDataKeys } from './use-blogs';

/** The blog client's options on the server: its cached fetch, its timeout, and failures reported in one line. */
export function blogFetchOptions(path: string, { fetch, timeoutMs, report }: LoadContext): FetchOptions {
  // For operators; an unknown slug is a visitor's typo, not a fault.
  const onError = (error: ApiError) => error.kind !== 'not-found' && report(`Blog service, while rendering ${path}: ${error.message}`);
  return { onError, ...(fetch ? { fetch } : {}), ...(timeoutMs ? { timeoutMs } : {}) };
}

/** The list (the grid's cards). Throws the ApiError when it fails. */
export async function loadBlogList(route: RouteInfo, context: LoadContext): Promise<Loaded> {
  const posts = await fetchBlogs(blogFetchOptions(route.path, context));
  return { kind: 'loaded', data: { [routeDataKeys.blogs]: posts } };
}

/**
 * The article of the route's slug, and the list for its neighbour links. An unknown slug is "missing"; a failed
 * list only costs the neighbour links, which the browser then fetches; any other failure of the article throws.
 */
export async function loadArticle(route: RouteInfo, context: LoadContext): Promise<Loaded> {
  const slug = route.params.slug ?? '';
  if (!slug) return { kind: 'missing' };
  const options = blogFetchOptions(route.path, context);
  const [list, article] = await Promise.allSettled([fetchBlogs(options), fetchBlog(slug, options)]);
  if (article.status === 'rejected') {
    if (article.reason instanceof ApiError && article.reason.kind === 'not-found') return { kind: 'missing' };
    throw article.reason;
  }
  const data: RouteData = { [routeDataKeys.blog(slug)]: article.value };
  if (list.status === 'fulfilled') data[routeDataKeys.blogs] = list.value;
  return { kind: 'loaded', data };
}

/** The grid is final when the server had cards to show: with none, its message and Retry need the browser. */
export function listIsFinal(data: RouteData): boolean {
  const posts = data[routeDataKeys.blogs] as BlogSummary[] | undefined;
  return posts !== undefined && posts.length > 0;
}

/** The article is final when the server had it and the list for its neighbour links. */
export function articleIsFinal(data: RouteData, route: RouteInfo): boolean {
  return data[routeDataKeys.blog(route.params.slug ?? '')] !== undefined && data[routeDataKeys.blogs] !== undefined;
}

/** The newest article's route, for the block gallery; null when the blog has none. */
export async function newestArticleRoute(context: LoadContext): Promise<RouteInfo | null> {
  const slug = (await fetchBlogs(blogFetchOptions('/__blocks', context)))[0]?.slug;
  return slug && sitePaths ? { path: sitePaths.articlePath(slug), params: { slug } } : null;
}

/** The list and the articles advertise the feed. */
export function feedHead(): HeadContribution {
  return sitePaths ? { feed: { href: sitePaths.feedPath, title: feedTitle(site.settings) } } : {};
}

/** An article's title and description, its link-preview tags and its BlogPosting JSON-LD. */
export function articleHead(data: RouteData, route: RouteInfo): HeadContribution {
  const article = data[routeDataKeys.blog(route.params.slug ?? '')] as BlogArticle | undefined;
  if (!article) return feedHead();
  const { settings } = site;
  // The article answer has no meta description; the list's entry for it does.
  const summary = (data[routeDataKeys.blogs] as BlogSummary[] | undefined)?.find((p) => p.slug === article.slug)?.metaDescription;
  const text = articleHeadText(article, summary, settings.brand);
  const image = article.bannerImage ? { url: absoluteUrl(settings.siteUrl, article.bannerImage), width: BANNER_WIDTH, height: BANNER_HEIGHT } : undefined;
  return {
    ...feedHead(),
    text,
    article: { publishedTime: article.date, ...(image ? { image } : {}) },
    structuredData: blogPostingData(article, text.description, `${settings.siteUrl}${route.path}`, settings),
  };
}
