/**
 * The prerendered page comes first: the app's JavaScript is requested only after the page has loaded and
 * painted (src/app/start-after-load.ts), unless the visitor interacts sooner.
 */
import type { Browser } from 'playwright-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticPaths } from '../../src/model/routes';
import type { SiteConfig } from '../../src/generated/pages-json';
import { connectBrowserForFile, baseUrl, newContext, openPage } from './browser';

const site = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../pages.json'), 'utf8')) as SiteConfig;

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

/** Keeps the time of the largest paint seen before the app starts (the hero illustration on /). */
const recordLargestPaint = () => {
  const record = window as unknown as { __largestPaint: number };
  record.__largestPaint = Number.NaN;
  new PerformanceObserver((list) => {
    if (document.documentElement.hasAttribute('data-hydrated')) return;
    for (const entry of list.getEntries()) record.__largestPaint = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

describe('loading order', () => {
  it('requests the app and the page modules only after the load event, the first and the largest paint', async () => {
    const { page, context, problems } = await openPage(browser, '/', { width: 390, height: 844 }, { initScript: recordLargestPaint });
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const largestPaint = (window as unknown as { __largestPaint: number }).__largestPaint;
      const modules = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')!.content.split(' ');
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.initiatorType !== 'navigation' && new URL(r.name).pathname.endsWith('.js'));
      const starts = modules.map((m) => scripts.find((s) => new URL(s.name).pathname === m)?.startTime ?? Number.NaN);
      return { loadEnd: navigation!.loadEventEnd, firstPaint, largestPaint, modules: modules.length, starts };
    });
    // The entry, the runtime and the header's enhance module; the islands' modules wait for their turn.
    expect(timing.modules).toBeGreaterThanOrEqual(3);
    for (const start of timing.starts) {
      expect(start).toBeGreaterThanOrEqual(timing.loadEnd);
      expect(start).toBeGreaterThanOrEqual(timing.firstPaint);
      expect(start).toBeGreaterThanOrEqual(timing.largestPaint);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hydrates the first page from the answer its HTML carries: no /_page and no API request for /about or an article', async () => {
    for (const routePath of ['/about', '/blogs/what-to-put-in-an-outsourcing-sla']) {
      const context = await newContext(browser, { viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/_page' || pathname.startsWith('/api/')) asked.push(pathname);
      });
      await page.goto(baseUrl() + routePath);
      await page.waitForSelector('html[data-hydrated]');
      await page.locator('h1').first().waitFor();
      expect(asked, routePath).toEqual([]);
      await context.close();
    }
  });

  it('lists, on every route, only modules the server has', async () => {
    const missing: string[] = [];
    for (const routePath of [...staticPaths(site), '/blogs/any-article', '/no-such-page']) {
      const html = await (await fetch(baseUrl() + routePath)).text();
      const modules = /<meta name="app-modules" content="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
      if (modules.length === 0) missing.push(`${routePath}: no app-modules list`);
      for (const [, list] of html.matchAll(/<meta name="island-modules" data-island-block="[^"]+" content="([^"]*)"/g)) modules.push(...list!.split(' '));
      for (const module of modules) if ((await fetch(baseUrl() + module, { method: 'HEAD' })).status !== 200) missing.push(`${routePath}: ${module}`);
    }
    expect(missing).toEqual([]);
  });

  it('starts the app at once when a key is pressed before the page has loaded', async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Hold the hero illustration back, so the load event cannot fire while the test runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/illustrations/*.svg', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/`, { waitUntil: 'domcontentloaded' });
    await page.keyboard.press('Tab');
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    release();
    await context.close();
  });
});
