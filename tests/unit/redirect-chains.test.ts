// @vitest-environment node
/** Redirect chains collapse into one redirect (server and validator agree); loops are refused. */
import { describe, expect, it } from 'vitest';
import { followRedirects, resolvePath, type RouteTable } from '../../src/model/routes';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { baseSiteConfig, fixtureSitePerTest } from './fixtures/content-site';

const table = (redirects: Array<[string, string]>): RouteTable => ({
  routes: [
    { path: '/', page: 'home' },
    { path: '/about', page: 'about' },
    { path: '/blogs/:slug', page: 'article' },
  ],
  redirects: redirects.map(([from, to]) => ({ from, to })),
});

describe('resolvePath follows a chain of redirects to its end', () => {
  it('A → B → C sends A straight to C, with or without a trailing slash', () => {
    const routes = table([
      ['/a', '/b'],
      ['/b', '/c'],
      ['/c', '/about'],
    ]);
    expect(resolvePath(routes, '/a')).toEqual({ kind: 'redirect', to: '/about' });
    expect(resolvePath(routes, '/a/')).toEqual({ kind: 'redirect', to: '/about' });
    expect(resolvePath(routes, '/c')).toEqual({ kind: 'redirect', to: '/about' });
    expect(followRedirects(routes, '/a')).toEqual({ paths: ['/a', '/b', '/c', '/about'], end: 'page' });
  });

  it('carries ":name" segments through the chain', () => {
    const routes = table([
      ['/blog-overview/:slug', '/news/:slug'],
      ['/news/:slug', '/blogs/:slug'],
    ]);
    expect(resolvePath(routes, '/blog-overview/ai-in-support')).toEqual({ kind: 'redirect', to: '/blogs/ai-in-support' });
  });

  it('answers not-found for a loop rather than send the visitor round it', () => {
    const routes = table([
      ['/a', '/b'],
      ['/b', '/a'],
    ]);
    expect(resolvePath(routes, '/a')).toEqual({ kind: 'not-found' });
    expect(followRedirects(routes, '/a')).toEqual({ paths: ['/a', '/b', '/a'], end: 'loop' });
  });

  it('keeps a redirect to nowhere as one redirect (the validator reports it)', () => {
    expect(resolvePath(table([['/a', '/gone']]), '/a')).toEqual({ kind: 'redirect', to: '/gone' });
  });
});

describe('the validator on chains and loops', () => {
  const site = fixtureSitePerTest();

  it.each([
    {
      name: 'warns about a chain and names the collapsed target',
      redirects: [
        ['/services', '/old-about'],
        ['/old-about', '/about'],
      ],
      issues: ['pages.json:34:7  warning: redirects[0].to: a chain of redirects: "/services" → "/old-about" → "/about". Visitors are sent straight to "/about"; write "to": "/about" here so pages.json says so.'],
    },
    {
      name: 'refuses a loop once, naming it, and each redirect that leads into it',
      redirects: [
        ['/a', '/b'],
        ['/b', '/a'],
        ['/c', '/a'],
      ],
      issues: [
        'pages.json:33:7  redirects[0].from: redirect loop: "/a" → "/b" → "/a". A visitor would never arrive; point one of these redirects at a path listed in "routes".',
        'pages.json:41:7  redirects[2].from: "/c" redirects into a loop: "/c" → "/a" → "/b" → "/a". A visitor would never arrive; point one of these redirects at a path listed in "routes".',
      ],
    },
    {
      name: 'reports a chain that ends nowhere at its first hop',
      redirects: [
        ['/a', '/b'],
        ['/b', '/gone'],
      ],
      issues: [
        'pages.json:34:7  redirects[0].to: redirects to "/b", which redirects on to "/gone", which is not a route. Point it at a path listed in "routes".',
        'pages.json:38:7  redirects[1].to: redirects to "/gone", which is not a route. Point it at a path listed in "routes".',
      ],
    },
  ] satisfies Array<{ name: string; redirects: Array<[string, string]>; issues: string[] }>)('$name', async ({ redirects, issues }) => {
    await site.write('pages.json', { ...baseSiteConfig(), redirects: redirects.map(([from, to]) => ({ from, to })) });
    expect((await validateContent({ root: site.root })).issues.map(formatIssue)).toEqual(issues);
  });
});
