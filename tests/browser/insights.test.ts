/** Insights: the list, an article with its contents and neighbours, and the API's failures, in the browser. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectBrowserForFile, baseUrl, newContext, openPage, twoFrames } from './browser';

const samplesDir = path.resolve(import.meta.dirname, '../../server/api/sample-blogs');
const posts = readdirSync(samplesDir)
  .map((f) => JSON.parse(readFileSync(path.join(samplesDir, f), 'utf8')) as { slug: string; title: string; date: string; meta_title: string })
  .sort((a, b) => b.date.localeCompare(a.date));

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

/**
 * The list and articles come with the page (rendered on request). When the server's own call for the list failed
 * with nothing cached, it sends the prerendered page instead, without the list: the block then asks the API from
 * the browser and shows its loading and failure states.
 */
async function goToPrerenderedInsights(page: Page) {
  const prerendered = readFileSync(path.resolve(import.meta.dirname, '../../dist/blogs/index.html'), 'utf8');
  await page.route(
    (url) => url.pathname === '/blogs',
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: prerendered }),
  );
  // Opened directly: a link's prefetch (speculation rules) would fetch the page past the routing.
  await page.goto(`${baseUrl()}/blogs`);
}

describe('Insights', () => {
  it('lists every article newest first and opens one', async () => {
    const { page, context, problems } = await openPage(browser, '/blogs');
    const cards = page.locator('#articles article');
    await expect.poll(() => cards.count()).toBe(posts.length);
    expect(await cards.locator('h2, h3').allTextContents()).toEqual(posts.map((p) => p.title));
    await cards.first().getByRole('link', { name: posts[0]!.title }).click();
    await page.waitForURL(`**/blogs/${posts[0]!.slug}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(posts[0]!.title);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows an article with its contents, posted date and neighbours, and takes its title', async () => {
    const middle = posts[2]!;
    const { page, context, problems } = await openPage(browser, `/blogs/${middle.slug}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(middle.title);
    await expect.poll(() => page.title()).toContain(middle.meta_title);
    const toc = page.locator('#article nav').first();
    const entries = toc.getByRole('link');
    expect(await entries.count()).toBeGreaterThan(3);
    for (const href of (await entries.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).slice(1)) {
      expect(await page.locator(href!).count()).toBe(1);
    }
    expect(await page.locator('#article').textContent()).toContain('Posted Date');
    const neighbours = page.getByRole('navigation', { name: 'More articles' }).getByRole('link');
    expect(await neighbours.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([`/blogs/${posts[1]!.slug}`, `/blogs/${posts[3]!.slug}`]);
    await neighbours.last().click();
    await page.waitForURL(`**/blogs/${posts[3]!.slug}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(posts[3]!.title);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('comes with its articles in the HTML: readable without JavaScript, an unknown slug answered 404', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/blogs`);
    expect(await page.locator('#articles article h2').allTextContents()).toEqual(posts.map((p) => p.title));
    const article = posts[1]!;
    expect((await page.goto(`${baseUrl()}/blogs/${article.slug}`))?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe(article.title);
    expect(await page.title()).toContain(article.meta_title);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/blogs/${article.slug}$`));
    expect(await page.locator('#article img').first().getAttribute('src')).toMatch(/^\/uploads\/blog\/.+/);
    expect((await page.goto(`${baseUrl()}/blogs/no-such-article`))?.status()).toBe(404);
    await context.close();
  });

  it('hydrates a rendered article without fetching it again, then shows its rich text', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // Every API call the page makes, noted as it is made (a request event could arrive after the check).
    await page.addInitScript(() => {
      const calls: string[] = [];
      const fetch = window.fetch.bind(window);
      Object.assign(window, { __apiCalls: calls });
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
        return fetch(input, init);
      };
    });
    await page.goto(`${baseUrl()}/blogs/${posts[0]!.slug}`);
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForSelector('#article [class*="rich"] p');
    // swr revalidates a mounted key in the next animation frame: after two, a fetch would have been made.
    await twoFrames(page);
    expect(await page.evaluate(() => (window as unknown as { __apiCalls: string[] }).__apiCalls)).toEqual([]);
    await context.close();
  });

  it('says "Article not found" for an unknown slug, with a way back', async () => {
    const { page, context, problems } = await openPage(browser, '/blogs/no-such-article');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Article not found');
    expect(
      await page
        .locator('#article')
        .getByRole('link', { name: /articles|Insights/i })
        .first()
        .getAttribute('href'),
    ).toBe('/blogs');
    // The 404 answer of the API is reported by Chromium and logged for operators; nothing else may complain.
    expect(problems.filter((p) => !p.includes('status of 404') && !p.includes('Error fetching blogs:'))).toEqual([]);
    await context.close();
  });

  it('explains a failed list and loads it on Retry', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The list fails until the visitor has pressed Retry. The page itself notes the click: swr's own retries run
    // on timers, and one that started between a flag set by the test and its click would load the list and take
    // the Retry button away.
    await page.addInitScript(() => {
      document.addEventListener(
        'click',
        (event) => {
          if ((event.target as Element).closest('button')?.textContent?.trim() === 'Retry') Object.assign(window, { __retried: true });
        },
        true,
      );
    });
    await page.route('**/api/alcyone/blogs', async (route) => ((await page.evaluate(() => (window as unknown as { __retried?: boolean }).__retried === true)) ? route.continue() : route.fulfill({ status: 500, body: 'down' })));
    await goToPrerenderedInsights(page);
    await page.locator('#articles', { hasText: "We couldn't load the articles right now." }).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('#articles article').count()).toBe(posts.length);
    await context.close();
  });

  it('shows the loading message while the list is slow', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => {};
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    await page.route('**/api/alcyone/blogs', async (route) => {
      arrived();
      await held;
      await route.continue();
    });
    await goToPrerenderedInsights(page);
    // While the list's request is held, the page says it is loading.
    await asked;
    await page.locator('#articles', { hasText: 'Thanks for your patience. Loading...' }).waitFor();
    expect(await page.locator('#articles article').count()).toBe(0);
    release();
    await expect.poll(() => page.locator('#articles article').count()).toBe(posts.length);
    await context.close();
  });

  it('runs nothing from hostile article HTML, and survives a malformed content string', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const article = (content: string) => ({
      status: true,
      result: { title: 'Hostile article', subtitle: 'Testing', banner_image: 'uploads/blog/none.svg', date: '2025-01-01', slug: 'hostile', meta_title: 'Hostile', content },
    });
    const hostile = JSON.stringify({
      'section-1': [
        { column: 'Heading2', data: 'A heading' },
        { column: 'description', data: '<p>Safe text</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=1</script><a href="javascript:window.__pwned=1">link</a><svg><g onload="window.__pwned=1"></g></svg>' },
        { column: 'mystery-widget', data: 'skipped' },
      ],
    });
    await page.route('**/api/blog/alcyone/hostile', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(article(hostile)) }));
    await page.route('**/api/blog/alcyone/broken', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(article('{"section-1": [ not json')) }));
    // The server's API has no such article, so the browser fetches it: hydration, the call and the sanitiser.
    await page.goto(`${baseUrl()}/blogs/hostile`);
    await page.locator('#article', { hasText: 'Safe text' }).waitFor();
    // The javascript: link keeps its text and loses its href, so clicking it runs nothing.
    const link = page.locator('#article a', { hasText: 'link' });
    expect(await link.getAttribute('href')).toBeNull();
    await link.click();
    // An onerror handler would have run once every picture has loaded or failed.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('#article img')].every((img) => img.complete));
    await twoFrames(page);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#article').textContent()).not.toContain('skipped');
    await page.goto(`${baseUrl()}/blogs/broken`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Hostile article');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the first five posts in the home page slider', async () => {
    const { page, context } = await openPage(browser, '/');
    // The slider is an island that hydrates as it nears the viewport.
    await page.locator('#insights').scrollIntoViewIfNeeded();
    const slides = page.locator('#insights .slick-slide:not(.slick-cloned)');
    await expect.poll(() => slides.count()).toBe(5);
    expect(await slides.locator('h2, h3').allTextContents()).toEqual(posts.slice(0, 5).map((p) => p.title));
    await context.close();
  });
});
