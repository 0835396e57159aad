/**
 * The documents that let crawlers and feed readers find the Insights: sitemap.xml (every static route and every
 * article, with its date) and the RSS feed beside the list. The article list comes through the server's cached
 * fetch, so while the blog API is down they keep the last good list; with no list at all the sitemap still
 * lists the static routes, and the feed is not served.
 */
import type { DocumentRender, RequestContext } from '../model/dist-layout';
import { staticPaths } from '../model/routes';
import { siteConfig as site } from '../model/site-config';
import { fetchBlogs } from '../features/blog/blog-client';
import { FEED_CONTENT_TYPE, rssFeed } from '../features/blog/feed';
import { sitePaths } from '../features/blog/site-paths';
import type { BlogSummary } from '../features/blog/blog-types';
import { readPageData } from './page-data-source';
import { serverFetchOptions } from './render-with-answers';
import { sitemapXml } from './sitemap';

export const SITEMAP_PATH = '/sitemap.xml';

/** The document at `path`, or null when it is not one of them. Throws when the feed's list cannot be had. */
export async function renderDocument(path: string, context: RequestContext): Promise<DocumentRender | null> {
  const paths = sitePaths;
  if (path === SITEMAP_PATH) {
    const posts = paths ? await fetchBlogs(serverFetchOptions(path, context)).catch((): BlogSummary[] => []) : [];
    const articles = paths ? posts.map((post) => ({ path: paths.articlePath(post.slug), lastmod: post.date })) : [];
    const body = sitemapXml(site.settings.siteUrl, [...staticPaths(site).map((p) => ({ path: p })), ...articles]);
    return { body, contentType: 'application/xml; charset=utf-8' };
  }
  if (paths && path === paths.feedPath) {
    const posts = await fetchBlogs(serverFetchOptions(path, context));
    const listRoute = site.routes.find((r) => r.path === paths.listPath);
    const description = listRoute ? (await readPageData(listRoute.page)).description : `Articles from ${site.settings.brand}.`;
    return { body: rssFeed(posts, site.settings, paths, description), contentType: FEED_CONTENT_TYPE };
  }
  return null;
}
