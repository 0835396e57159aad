/** Every route of the production build, as a visitor's browser and a crawler see it. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staticPaths } from '../../src/model/routes';
import type { SiteConfig } from '../../src/generated/pages-json';
import type { PageDocument } from '../../src/model/block-entry';
import { connectBrowserForFile, baseUrl, openPage } from './browser';

const root = path.resolve(import.meta.dirname, '../..');
const site = JSON.parse(readFileSync(path.join(root, 'pages.json'), 'utf8')) as SiteConfig;
const doc = (name: string) => JSON.parse(readFileSync(path.join(root, 'pages', `${name}.json`), 'utf8')) as PageDocument;
const pageFor = (routePath: string) => site.routes.find((r) => r.path === routePath)!.page;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

describe.each(staticPaths(site))('route %s', (routePath) => {
  const expected = doc(pageFor(routePath));

  it('answers 200 with its own title, description, canonical link and one h1 in the static HTML', async () => {
    const response = await fetch(baseUrl() + routePath);
    expect(response.status).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(count(html, /<title>/g)).toBe(1);
    expect(head).toContain(`<title>${escapeHtml(expected.title)}</title>`);
    expect(head).toContain(`<meta name="description" content="${escapeHtml(expected.description)}"`);
    expect(head).toContain(`<link rel="canonical" href="${site.settings.siteUrl}${routePath}"`);
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    // Every block is in place in the HTML itself: no content parked in hidden templates, no inline script
    // but the loader and the speculation rules, which the CSP allows by their hashes. (JSON-LD and route data
    // are data, never run.)
    const inline = [...html.matchAll(/<script(?![^>]*\btype="application\/(?:ld\+)?json")([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(inline.map((m) => m[1]).sort()).toEqual(['', ' type="speculationrules"']);
    const hashes = inline.map((m) => `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
    const scriptSources = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    expect(scriptSources?.sort()).toEqual(["'self'", ...hashes].sort());
    expect(html).not.toContain('<template');
  });

  it('hydrates with no console errors, warnings or CSP violations', async () => {
    const { page, context, problems } = await openPage(browser, routePath);
    expect(await page.title()).toBe(expected.title);
    expect(await page.locator('h1').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('what search engines read', () => {
  it('finds the organisation as JSON-LD on the home page only', async () => {
    const ldOf = async (p: string) => [...(await (await fetch(baseUrl() + p)).text()).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const [organization, ...others] = await ldOf('/');
    expect(others).toEqual([]);
    expect(organization).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: site.settings.brand, url: `${site.settings.siteUrl}/` });
    expect(await ldOf('/about')).toEqual([]);
  });

  it('lists every static route in sitemap.xml, then the articles, and robots.txt names it', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const staticLocs = staticPaths(site).map((p) => `${site.settings.siteUrl}${p}`);
    expect(locs.slice(0, staticLocs.length)).toEqual(staticLocs);
    const articles = locs.slice(staticLocs.length);
    expect(articles.length).toBeGreaterThanOrEqual(6);
    for (const loc of articles) expect(loc).toMatch(new RegExp(`^${site.settings.siteUrl}/blogs/[a-z0-9-]+$`));
    expect(await (await fetch(`${baseUrl()}/robots.txt`)).text()).toContain(`Sitemap: ${site.settings.siteUrl}/sitemap.xml`);
  });
});

describe('paths that are not static pages', () => {
  it('serves any /blogs/<slug>: the article shell with 404 when the API has no such article, else the article', async () => {
    const response = await fetch(`${baseUrl()}/blogs/any-article-slug`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Thanks for your patience. Loading...');
    const { page, context, problems } = await openPage(browser, '/blogs/what-to-put-in-an-outsourcing-sla');
    const sample = JSON.parse(readFileSync(path.join(root, 'server/api/sample-blogs/what-to-put-in-an-outsourcing-sla.json'), 'utf8')) as { title: string };
    await expect.poll(() => page.locator('h1').textContent()).toBe(sample.title);
    expect(await page.locator('h1').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const response = await fetch(`${baseUrl()}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(`<title>${escapeHtml(doc(site.notFoundPage).title)}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex"');
    const { page, context, response: browserResponse, problems } = await openPage(browser, '/no-such-page');
    expect(browserResponse?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe((doc(site.notFoundPage).blocks[0] as { props: { heading: string } }).props.heading);
    // Chromium reports the 404 status of the document itself; nothing else may complain.
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it.each([
    ['/services', '/digital-customer-experience'],
    ['/blog-overview/some-article', '/blogs/some-article'],
    ['/about/', '/about'],
  ])('redirects %s to %s with 301', async (from, to) => {
    const response = await fetch(baseUrl() + from, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });
});

describe('navigation in the browser', () => {
  it('follows a redirect to the target page', async () => {
    const { page, context } = await openPage(browser, '/services');
    expect(new URL(page.url()).pathname).toBe('/digital-customer-experience');
    expect(await page.title()).toBe(doc('digital-customer-experience').title);
    await context.close();
  });

  it('navigates with a page load to the top of the next page, with its own head tags, and back', async () => {
    const { page, context, problems } = await openPage(browser, '/about', { width: 1280, height: 700 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
    await page.waitForURL('**/careers');
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.title()).toBe(doc('careers').title);
    const [navigation] = await page.evaluate(() => performance.getEntriesByType('navigation').map((n) => (n as PerformanceNavigationTiming).type));
    expect(navigation).toBe('navigate');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(doc('careers').description);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site.settings.siteUrl}/careers`);
    expect(await page.locator('h1').count()).toBe(1);
    await page.goBack();
    await page.waitForURL('**/about');
    await expect.poll(() => page.title()).toBe(doc('about').title);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('moves focus to the main content with the skip link', async () => {
    const { page, context } = await openPage(browser, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });
});
