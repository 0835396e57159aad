import { describe, expect, it } from 'vitest';
import { resolvePath, staticPaths } from '../../src/model/routes';
import { siteConfig as site } from '../../src/model/site-config';

const specRoutes = [
  '/',
  '/about',
  '/digital-customer-experience',
  '/customer-support',
  '/ai-powered-bpo',
  '/software-development',
  '/back-office-solutions',
  '/payment-processing',
  '/data-management',
  '/cyber-security',
  '/saas-software',
  '/fintech-compliance',
  '/ecommerce-retail',
  '/healthcare-healthtech',
  '/food-dining',
  '/gaming-entertainment',
  '/automotive-customer-care',
  '/travel-hospitality',
  '/blogs',
  '/contact',
  '/careers',
  '/help-center',
  '/privacy-policy',
  '/terms-conditions',
];

describe('resolvePath with pages.json', () => {
  it('routes every path of the spec to a page, and nothing else statically', () => {
    for (const path of specRoutes) expect(resolvePath(site, path)).toMatchObject({ kind: 'page' });
    expect(staticPaths(site).sort()).toEqual([...specRoutes].sort());
  });

  it('routes any article slug to the article page with its slug', () => {
    expect(resolvePath(site, '/blogs/why-ai-support-needs-people')).toEqual({
      kind: 'page',
      page: 'blog-article',
      pattern: '/blogs/:slug',
      params: { slug: 'why-ai-support-needs-people' },
    });
    expect(resolvePath(site, '/blogs/caf%C3%A9')).toMatchObject({ params: { slug: 'café' } });
  });

  it('redirects /services and the old article paths', () => {
    expect(resolvePath(site, '/services')).toEqual({ kind: 'redirect', to: '/digital-customer-experience' });
    expect(resolvePath(site, '/blog-overview/ai-in-support')).toEqual({ kind: 'redirect', to: '/blogs/ai-in-support' });
  });

  it('drops a trailing slash with a redirect, and only for paths that exist', () => {
    expect(resolvePath(site, '/about/')).toEqual({ kind: 'redirect', to: '/about' });
    expect(resolvePath(site, '/services/')).toEqual({ kind: 'redirect', to: '/digital-customer-experience' });
    expect(resolvePath(site, '/nothing-here/')).toEqual({ kind: 'not-found' });
  });

  it('ignores the query string and the hash', () => {
    expect(resolvePath(site, '/contact?from=footer#form')).toMatchObject({ kind: 'page', page: 'contact' });
  });

  it('answers not-found for unknown paths, deeper paths and bad escapes', () => {
    for (const path of ['/nothing-here', '/cybersecurity', '/About', '/blogs/a/b', '/about/team', '/blogs/%E0%A4%A']) {
      expect(resolvePath(site, path)).toEqual({ kind: 'not-found' });
    }
  });
});

describe('resolvePath precedence', () => {
  it('prefers a static route to a dynamic one, whatever the order', () => {
    const table = {
      routes: [
        { path: '/blogs/:slug', page: 'article' },
        { path: '/blogs/archive', page: 'archive' },
      ],
      redirects: [],
    };
    expect(resolvePath(table, '/blogs/archive')).toMatchObject({ page: 'archive' });
    expect(resolvePath(table, '/blogs/other')).toMatchObject({ page: 'article' });
  });
});
