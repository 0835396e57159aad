/**
 * Per-route head tags. One pure function builds them; the prerender writes them into <head> and the
 * browser applies them on every client-side navigation, so both always agree.
 */
import type { SiteSettings } from '../generated/site-config';

export interface HeadTags {
  title: string;
  meta: Array<{ name?: string; property?: string; content: string }>;
  links: Array<{ rel: string; href: string }>;
}

export interface HeadInput {
  title: string;
  description: string;
  /** The path shown, e.g. "/about" (canonical and og:url); null when not known yet (the shell of a dynamic route). */
  path: string | null;
  /** The 404 page asks search engines not to index it. */
  noindex?: boolean;
  settings: SiteSettings;
}

export function buildHead({ title, description, path, settings, noindex = false }: HeadInput): HeadTags {
  const absolute = (p: string) => `${settings.siteUrl}${p}`;
  const meta: HeadTags['meta'] = [
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: settings.brand },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: absolute(settings.shareImage) },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: absolute(settings.shareImage) },
  ];
  const links: HeadTags['links'] = [];
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
  const links = head.links.map((l) => `<link rel="${escapeHtml(l.rel)}" href="${escapeHtml(l.href)}" data-head>`);
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
    el.href = l.href;
    el.setAttribute('data-head', '');
    doc.head.append(el);
  }
}
