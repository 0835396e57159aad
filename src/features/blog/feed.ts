/** The Insights as an RSS 2.0 feed, for feed readers: every article with its title, link, date and description. */
import type { SiteSettings } from '../../generated/pages-json';
import { escapeXml } from '../../model/xml';
import type { BlogSummary } from './blog-types';
import type { BlogSitePaths } from './site-paths';
import { feedTitle } from './feed-title';

export const FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

/** RFC 822 dates, as RSS wants them; null for a date that cannot be read. */
function rfc822(date: string): string | null {
  const time = Date.parse(date);
  return Number.isNaN(time) ? null : new Date(time).toUTCString();
}

export function rssFeed(posts: readonly BlogSummary[], settings: SiteSettings, paths: BlogSitePaths, description: string): string {
  const absolute = (p: string) => `${settings.siteUrl}${p}`;
  const items = posts.map((post) => {
    const link = absolute(paths.articlePath(post.slug));
    const date = rfc822(post.date);
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      date ? `      <pubDate>${date}</pubDate>` : '',
      post.metaDescription ? `      <description>${escapeXml(post.metaDescription)}</description>` : '',
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  const newest = posts.map((p) => rfc822(p.date)).find(Boolean);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(feedTitle(settings))}</title>`,
    `    <link>${escapeXml(absolute(paths.listPath))}</link>`,
    `    <atom:link href="${escapeXml(absolute(paths.feedPath))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(description)}</description>`,
    '    <language>en</language>',
    newest ? `    <lastBuildDate>${newest}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
