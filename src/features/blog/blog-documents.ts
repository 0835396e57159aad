/**
 * What crawlers and feed readers find the Insights by: every article in sitemap.xml (with its date), and the RSS
 * feed beside the list. The article list comes through the server's cached fetch, so while the blog API is down
 * they keep the last good list.
 */
import type { DocumentContext } from '../../kit/block-server';
import type { DocumentRender } from '../../model/dist-layout';
import { siteConfig } from '../../model/site-config';
import type { SitemapEntry } from '../../model/sitemap';
import { fetchBlogs } from './blog-client';
import { blogFetchOptions } from './blog-loaders';
import { FEED_CONTENT_TYPE, rssFeed } from './feed';
import { sitePaths } from './site-paths';

/** Every article with its date; none when the list cannot be had (the sitemap still lists the static routes). */
export async function articleSitemapEntries(context: DocumentContext): Promise<SitemapEntry[]> {
  const paths = sitePaths;
  if (!paths) return [];
  const posts = await fetchBlogs(blogFetchOptions('/sitemap.xml', context)).catch(() => []);
  return posts.map((post) => ({ path: paths.articlePath(post.slug), lastmod: post.date }));
}

/** The feed at its path; null for any other path. Throws when the list cannot be had. */
export async function renderFeed(path: string, context: DocumentContext): Promise<DocumentRender | null> {
  const paths = sitePaths;
  if (!paths || path !== paths.feedPath) return null;
  const posts = await fetchBlogs(blogFetchOptions(path, context));
  const { settings } = siteConfig;
  const listRoute = siteConfig.routes.find((r) => r.path === paths.listPath);
  const description = listRoute ? (await context.readPage(listRoute.page)).description : `Articles from ${settings.brand}.`;
  return { body: rssFeed(posts, settings, paths, description), contentType: FEED_CONTENT_TYPE };
}
