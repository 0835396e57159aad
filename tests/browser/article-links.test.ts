/**
 * The hostile article with the Content-Security-Policy switched off, so the sanitiser alone stands between the
 * API and the reader: rendered by the server, and fetched by the browser when the server could not get it (the
 * sanitiser in the browser), every link of the article has an allowed protocol as Chromium reads it, and clicking
 * each one runs no script.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { hostileArticleSlug as slug, serveHostileArticleSite } from './hostile-article-site.ts';

const title = 'An Article With Hostile HTML';
const articleLinks = '[data-rich-text] a';
const allowedProtocols = ['http:', 'https:', 'mailto:', 'tel:'];
/** Generous, for a busy two-core machine: every wait is for a visible state, never for a fixed time. */
const timeout = 30_000;
const site = serveHostileArticleSite();

interface Visit {
  context: BrowserContext;
  /** The message of every alert, confirm or prompt in any of the context's pages, across navigations. */
  dialogs: string[];
}

async function visit(): Promise<Visit> {
  const context = await site.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
  // Nothing outside the test server is fetched: a link to another site lands on a stub.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill({ contentType: 'text/html', body: '<p>elsewhere</p>' }));
  const dialogs: string[] = [];
  context.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { context, dialogs };
}

const fromServer = async (page: Page) => {
  const response = await page.goto(`${site.origin}/blogs/${slug}`, { timeout });
  expect(await response?.text()).toContain(`>${title}</h1>`);
  await page.waitForSelector('html[data-hydrated]', { timeout });
};

const fetchedInBrowser = async (page: Page) => {
  const response = await page.goto(`${site.browserFetchOrigin}/blogs/${slug}`, { timeout });
  expect(await response?.text()).not.toContain(title);
  await page.waitForSelector(`h1:text("${title}")`, { timeout });
};

/** Each link of the article as Chromium resolves it. */
const linksOf = (page: Page) =>
  page
    .locator(articleLinks)
    .evaluateAll((links) => (links as HTMLAnchorElement[]).map((a) => ({ text: a.textContent, href: a.hasAttribute('href') ? a.href : null, protocol: a.hasAttribute('href') ? a.protocol : null, newTab: a.target === '_blank' })));

/**
 * Clicks a link that should run nothing, then a javascript: link of the test's own (the CSP is off, so it runs):
 * once the control's alert shows, the click before it has been handled, and any script it started has run.
 */
async function clickThenControl(page: Page, dialogs: string[], index: number) {
  await page.evaluate(() => {
    const control = Object.assign(document.createElement('a'), { id: 'xss-control', href: "javascript:alert('control')", textContent: 'control' });
    document.body.append(control);
  });
  await page.locator(articleLinks).nth(index).click({ timeout });
  await page.click('#xss-control', { timeout });
  await expect.poll(() => dialogs.includes('control'), { timeout }).toBe(true);
  dialogs.splice(dialogs.indexOf('control'), 1);
  await page.evaluate(() => document.getElementById('xss-control')?.remove());
}

async function clickEveryLink(open: (page: Page) => Promise<void>) {
  const { context, dialogs } = await visit();
  try {
    let page = await context.newPage();
    await open(page);
    const links = await linksOf(page);
    expect(links.map((l) => l.text)).toContain('I am a dolphin!');
    for (const link of links) if (link.protocol !== null) expect(allowedProtocols, `${link.text}: ${link.href}`).toContain(link.protocol);

    let onArticle = true;
    for (const [index, link] of links.entries()) {
      if (!onArticle) {
        // A fresh tab: one that has navigated away and back clicks far slower.
        await page.close();
        page = await context.newPage();
        await open(page);
      }
      onArticle = true;
      const visiting = link.protocol === 'http:' || link.protocol === 'https:';
      if (visiting && link.newTab) {
        const [tab] = await Promise.all([context.waitForEvent('page', { timeout }), page.locator(articleLinks).nth(index).click({ timeout })]);
        await tab.waitForURL(link.href!, { timeout });
        await tab.close();
      } else if (visiting) {
        await Promise.all([page.waitForURL(link.href!, { timeout }), page.locator(articleLinks).nth(index).click({ timeout })]);
        onArticle = false;
        continue;
      } else if (link.protocol !== null) {
        // Mail and phone go to the system; after tel: Chromium ran no later javascript: URL in the page, so no control
        // could follow it there: the article is opened again.
        await page.locator(articleLinks).nth(index).click({ timeout });
        onArticle = false;
        continue;
      }
      // No address: the page stays, and nothing may run.
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null), link.text!).toBeNull();
      await clickThenControl(page, dialogs, index);
      expect(dialogs, link.text!).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null), link.text!).toBeNull();
    }
    expect(dialogs).toEqual([]);
  } finally {
    await context.close();
  }
}

it('with the CSP off, the server-rendered article has only allowed links, and clicking each runs nothing', { timeout: 120_000 }, async () => {
  await clickEveryLink(fromServer);
});

it('with the CSP off, the article the browser fetched itself has only allowed links, and clicking each runs nothing', { timeout: 120_000 }, async () => {
  await clickEveryLink(fetchedInBrowser);
});
