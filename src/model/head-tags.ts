/**
 * Per-route head tags. One pure function builds them; the server writes them into <head> and the dev server's
 * whole-page app applies them after a render, so both always agree. A block with a loader contributes to
 * them through its server module's head() (HeadContribution): the page has one head, made in one place.
 */
import type { SiteSettings } from '../generated/pages-json';

export interface HeadTags {
  title: string;
  meta: Array<{ name?: string; property?: string; content: string }>;
  links: Array<{ rel: string; href: string; type?: string; title?: string }>;
}

/** What makes an article's page an article to crawlers and link previews. */
export interface ArticleHead {
  /** ISO date. */
  publishedTime: string;
  /** The banner, absolute, with its size. */
  image?: { url: string; width: number; height: number };
}

/** What a block's loader adds to its page's head (`head(data, route)` in blocks/<type>/<type>.server.ts). */
export interface HeadContribution {
  /** The page's title and description in place of the page document's (an article's own). */
  text?: { title: string; description: string };
  article?: ArticleHead;
  /** A feed the page advertises. */
  feed?: { href: string; title: string };
  /** JSON-LD of the page itself (an article's BlogPosting). */
  structuredData?: Record<string, unknown>;
}

export interface HeadInput {
  title: string;
  description: string;
  /** The path shown, e.g. "/about" (canonical and og:url); null when not known yet (the shell of a dynamic route). */
  path: string | null;
  /** The 404 page asks search engines not to index it. */
  noindex?: boolean;
  settings: SiteSettings;
  article?: ArticleHead;
  /** The Insights feed, advertised on the list and the articles. */
  feed?: { href: string; title: string };
}

export function buildHead({ title, description, path, settings, noindex = false, article, feed }: HeadInput): HeadTags {
  const absolute = (p: string) => `${settings.siteUrl}${p}`;
  const image = article?.image ?? { url: absolute(settings.shareImage) };
  const meta: HeadTags['meta'] = [
    { name: 'description', content: description },
    { property: 'og:type', content: article ? 'article' : 'website' },
    { property: 'og:site_name', content: settings.brand },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image.url },
    ...('width' in image
      ? [
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
        ]
      : []),
    ...(article ? [{ property: 'article:published_time', content: article.publishedTime }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image.url },
  ];
  const links: HeadTags['links'] = [];
  if (feed) links.push({ rel: 'alternate', type: 'application/rss+xml', title: feed.title, href: feed.href });
  if (noindex) meta.push({ name: 'robots', content: 'noindex' });
  if (path !== null && !noindex) {
    meta.push({ property: 'og:url', content: absolute(path) });
    links.push({ rel: 'canonical', href: absolute(path) });
  }
  return { title, meta, links };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function headToHtml(head: HeadTags): string {
  const metas = head.meta.map((m) => `<meta ${m.name ? `name="${escapeHtml(m.name)}"` : `property="${escapeHtml(m.property ?? '')}"`} content="${escapeHtml(m.content)}" data-head>`);
  const links = head.links.map((l) => `<link rel="${escapeHtml(l.rel)}"${l.type ? ` type="${escapeHtml(l.type)}"` : ''}${l.title ? ` title="${escapeHtml(l.title)}"` : ''} href="${escapeHtml(l.href)}" data-head>`);
  return [`<title>${escapeHtml(head.title)}</title>`, ...metas, ...links].join('\n    ');
}

/** Replace the route's head tags in the live document. */
export function applyHead(head: HeadTags, doc: Document = document): void {
  doc.title = head.title;
  doc.head.querySelectorAll('[data-head]').forEach((el) => el.remove());
  for (const m of head.meta) {
    const el = doc.createElement('meta');
    if (m.name) el.name = m.name;
    else el.setAttribute('property', m.property ?? '');
    el.content = m.content;
    el.setAttribute('data-head', '');
    doc.head.append(el);
  }
  for (const l of head.links) {
    const el = doc.createElement('link');
    el.rel = l.rel;
    if (l.type) el.type = l.type;
    if (l.title) el.title = l.title;
    el.href = l.href;
    el.setAttribute('data-head', '');
    doc.head.append(el);
  }
}
