import { describe, expect, it } from 'vitest';
import { applyHead, buildHead, headToHtml } from '../../src/model/head-tags';
import { site } from '../../src/model/site';

const input = { title: 'About <Us> & "More"', description: 'Who we are.', path: '/about', settings: site.settings };

describe('head tags', () => {
  it('builds title, description, canonical, Open Graph and Twitter tags with absolute URLs', () => {
    const head = buildHead(input);
    expect(head.title).toBe(input.title);
    expect(head.links).toEqual([{ rel: 'canonical', href: `${site.settings.siteUrl}/about` }]);
    expect(head.meta).toContainEqual({ property: 'og:url', content: `${site.settings.siteUrl}/about` });
    expect(head.meta).toContainEqual({ property: 'og:image', content: `${site.settings.siteUrl}${site.settings.shareImage}` });
    expect(head.meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });

  it('marks the 404 page noindex without a canonical link', () => {
    const head = buildHead({ ...input, path: null, noindex: true });
    expect(head.links).toEqual([]);
    expect(head.meta).toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('escapes text in the prerendered HTML', () => {
    expect(headToHtml(buildHead(input))).toContain('<title>About &lt;Us&gt; &amp; &quot;More&quot;</title>');
  });

  it("replaces the previous route's tags in the live document", () => {
    applyHead(buildHead(input));
    applyHead(buildHead({ ...input, title: 'Contact', description: 'Write to us.', path: '/contact' }));
    expect(document.title).toBe('Contact');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Write to us.');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site.settings.siteUrl}/contact`);
  });
});
