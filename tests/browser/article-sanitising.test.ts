/**
 * An article whose HTML carries the whole hostile set, served by the production server: rendered by the server
 * (the sanitiser in Node), and fetched by the browser itself when the server could not get it at render time (the
 * sanitiser in the browser). Either way: no CSP report, no script ran, nothing hostile survives, and the HTML equals
 * what the sanitiser gives in Node.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/features/blog/article-html.ts';
import { blogApi } from '../../src/features/blog/blog-contract.ts';
import { siteConfig } from '../../src/model/site-config.ts';
import { openPage } from './browser.ts';
import { hostileArticleFile as fixture, hostileArticleSlug as slug, serveHostileArticleSite } from './hostile-article-site.ts';

const site = serveHostileArticleSite();
const title = 'An Article With Hostile HTML';

/** The rich text blocks as the browser holds them, whether any hostile code ran, and what of the hostile set is left. */
const richText = (page: Page) =>
  page.evaluate(() => {
    const inside = [...document.querySelectorAll('[data-rich-text] *')];
    const allowed = ['http:', 'https:', 'mailto:', 'tel:'];
    const addresses = inside.flatMap((el) => [
      ...['href', 'src', 'action', 'formaction', 'data'].flatMap((name) => el.getAttribute(name) ?? []),
      ...(el.getAttribute('srcset') ?? '').split(',').flatMap((candidate) => candidate.trim().split(/\s+/)[0] || []),
    ]);
    return {
      html: [...document.querySelectorAll('[data-rich-text]')].map((el) => el.innerHTML),
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
      // Within the article's rich text: the page's own icons are SVG too.
      hostileElements: document.querySelectorAll(['script', 'iframe', 'object', 'embed', 'form', 'svg', 'math', 'style', 'base', 'meta'].map((t) => `[data-rich-text] ${t}`).join(', ')).length,
      handlers: inside.flatMap((el) => el.getAttributeNames().filter((name) => name.startsWith('on'))),
      styled: inside.filter((el) => el.hasAttribute('style')).length,
      unsafeAddresses: addresses.filter((address) => !allowed.includes(new URL(address, document.baseURI).protocol)),
      links: inside.filter((el) => el.tagName === 'A').length,
    };
  });

/** The Node sanitiser's output for every description block, as the browser would serialise it. */
async function expectedHtml(page: Page): Promise<string[]> {
  const raw = JSON.parse(await readFile(fixture, 'utf8')) as { content: Record<string, Array<{ column: string; data: string }>> };
  const clean = Object.values(raw.content)
    .flat()
    .filter((b) => b.column === 'description')
    .map((b) => sanitizeArticleHtml(b.data, ''));
  return page.evaluate((list) => list.map((html) => Object.assign(document.createElement('div'), { innerHTML: html }).innerHTML), clean);
}

async function expectNeutralised(page: Page, problems: string[]) {
  const shown = await richText(page);
  expect(problems.filter((p) => p.startsWith('CSP'))).toEqual([]);
  expect(shown.pwned).toBeNull();
  expect(shown.hostileElements).toBe(0);
  expect(shown.handlers).toEqual([]);
  expect(shown.styled).toBe(0);
  // The article's links are there, every one to an allowed address (the javascript: ones lost their href).
  expect(shown.links).toBeGreaterThan(10);
  expect(shown.unsafeAddresses).toEqual([]);
  expect(shown.html).toEqual(await expectedHtml(page));
  expect(shown.html.join('')).toContain('rel="noopener noreferrer"');
}

it('serves the article sanitised by the server: no CSP report, nothing hostile, the same HTML as the sanitiser in Node', async () => {
  const { page, context, problems, response } = await openPage(site.browser, `/blogs/${slug}`, undefined, { origin: site.origin });
  try {
    expect(await response?.text()).toContain(`>${title}</h1>`);
    await expectNeutralised(page, problems);
  } finally {
    await context.close();
  }
});

it('sanitises the article in the browser, as in Node, when the page came without it and the browser fetched it', async () => {
  const articleAddress = blogApi.articlePath(siteConfig.settings.siteId, slug);
  const { page, context, problems, response } = await openPage(site.browser, `/blogs/${slug}`, undefined, { origin: site.browserFetchOrigin });
  try {
    // The server could not reach the API: the page it sent has no article in it, and the browser asked the API itself.
    expect(await response?.text()).not.toContain(title);
    await page.waitForSelector(`h1:text("${title}")`);
    await page.waitForSelector('[data-rich-text]');
    const fetches = await page.evaluate(() => performance.getEntriesByType('resource').flatMap((r) => ((r as PerformanceResourceTiming).initiatorType === 'fetch' ? new URL(r.name).pathname : [])));
    expect(fetches).toContain(articleAddress);
    await expectNeutralised(page, problems);
  } finally {
    await context.close();
  }
});
