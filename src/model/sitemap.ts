/** sitemap.xml: every static route, and every article with its date as lastmod. */
import { escapeXml } from '../model/xml';

export interface SitemapEntry {
  path: string;
  /** ISO date of the last change, when known. */
  lastmod?: string;
}

export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const date = lastmod && /^\d{4}-\d{2}-\d{2}/.test(lastmod) ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${date}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
