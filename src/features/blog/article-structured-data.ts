/** BlogPosting structured data (schema.org JSON-LD) for an article, so search engines read it as one. */
import type { SiteSettings } from '../../generated/pages-json';
import type { BlogArticle } from './blog-types';

/** An image path from the API as an absolute URL: it may already be one (a separate API host). */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export function blogPostingData(article: BlogArticle, description: string, url: string, settings: SiteSettings): Record<string, unknown> {
  const organization = {
    '@type': 'Organization',
    name: settings.brand,
    url: `${settings.siteUrl}/`,
    logo: { '@type': 'ImageObject', url: absoluteUrl(settings.siteUrl, settings.shareImage) },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description,
    datePublished: article.date,
    ...(article.bannerImage ? { image: absoluteUrl(settings.siteUrl, article.bannerImage) } : {}),
    author: organization,
    publisher: organization,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
  };
}
