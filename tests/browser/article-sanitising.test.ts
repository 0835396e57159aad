/**
 * An article whose HTML carries the whole hostile set, served by the production server and reached by
 * client-side navigation: no CSP report either way, nothing hostile survives, and the browser's rendering equals
 * the server's, which equals what the sanitiser gives in Node.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/features/blog/article-html.ts';
import { openPage } from './browser.ts';
import { hostileArticleFile as fixture, hostileArticleSlug as slug, serveHostileArticleSite } from './hostile-article-site.ts';

const site = serveHostileArticleSite();

/** The rich text blocks as the browser holds them, and whether any hostile code ran. */
const richText = (page: Page) =>
  page.evaluate(() => ({
    html: [...document.querySelectorAll('[data-rich-text]')].map((el) => el.innerHTML),
    pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
    // Within the article's rich text: the page's own icons are SVG too.
    hostileElements: document.querySelectorAll(['script', 'iframe', 'object', 'embed', 'form', 'svg', 'math', 'style', 'base', 'meta'].map((t) => `[data-rich-text] ${t}`).join(', ')).length,
  }));

/** The Node sanitiser's output for every description block, as the browser would serialise it. */
async function expectedHtml(page: Page): Promise<string[]> {
  const raw = JSON.parse(await readFile(fixture, 'utf8')) as { content: Record<string, Array<{ column: string; data: string }>> };
  const clean = Object.values(raw.content)
    .flat()
    .filter((b) => b.column === 'description')
    .map((b) => sanitizeArticleHtml(b.data, ''));
  return page.evaluate((list) => list.map((html) => Object.assign(document.createElement('div'), { innerHTML: html }).innerHTML), clean);
}

it('serves the article sanitised: no CSP report, nothing hostile, the same HTML as the sanitiser in Node', async () => {
  const { page, context, problems } = await openPage(site.browser, `/blogs/${slug}`, undefined, { origin: site.origin });
  try {
    const served = await richText(page);
    expect(problems.filter((p) => p.startsWith('CSP'))).toEqual([]);
    expect(served.pwned).toBeNull();
    expect(served.hostileElements).toBe(0);
    expect(served.html).toEqual(await expectedHtml(page));
    expect(served.html.join('')).toContain('rel="noopener noreferrer"');
  } finally {
    await context.close();
  }
});

it('gives the same result, with no CSP report, when the browser fetches the article itself (client-side navigation)', async () => {
  const { page, context, problems } = await openPage(site.browser, '/blogs', undefined, { origin: site.origin });
  try {
    await page.click(`a[href="/blogs/${slug}"]`);
    await page.waitForSelector('h1:text("An Article With Hostile HTML")');
    await page.waitForSelector('[data-rich-text]');
    const navigated = await richText(page);
    expect(problems.filter((p) => p.startsWith('CSP'))).toEqual([]);
    expect(navigated.pwned).toBeNull();
    expect(navigated.hostileElements).toBe(0);
    expect(navigated.html).toEqual(await expectedHtml(page));
  } finally {
    await context.close();
  }
});
