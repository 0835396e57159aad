/**
 * An article whose HTML carries the whole hostile set, served by the production server and reached by
 * client-side navigation: no CSP report either way, nothing hostile survives, and the browser's rendering equals
 * the server's, which equals what the sanitiser gives in Node.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiHandler } from '../../server/api/router.ts';
import { createSiteServer } from '../../server/site-server.ts';
import { sanitizeArticleHtml } from '../../src/features/blog/article-html.ts';
import { distLayout } from '../../src/model/dist-layout.ts';
import { siteConfig as site } from '../../src/model/site-config.ts';
import { launchBrowser, openPage } from './browser.ts';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(root, 'tests', 'fixtures', 'hostile-html-article.json');
const slug = 'hostile-html-article';
let work: string;
let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'hostile-'));
  await cp(path.join(root, 'server', 'api', 'sample-blogs'), work, { recursive: true });
  await cp(fixture, path.join(work, `${slug}.json`));
  const api = createApiHandler({ dataDir: path.join(work, 'data'), siteId: site.settings.siteId, samplesDir: work });
  server = createSiteServer({ distDir: path.join(root, distLayout.clientDir), site, apiHandler: api, apiHost: '', renderDir: path.join(root, distLayout.renderDir) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(work, { recursive: true, force: true });
});

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
  const clean = Object.values(raw.content).flat().filter((b) => b.column === 'description').map((b) => sanitizeArticleHtml(b.data, ''));
  return page.evaluate((list) => list.map((html) => Object.assign(document.createElement('div'), { innerHTML: html }).innerHTML), clean);
}

it('serves the article sanitised: no CSP report, nothing hostile, the same HTML as the sanitiser in Node', async () => {
  const { page, context, problems } = await openPage(browser, `/blogs/${slug}`, undefined, { origin });
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
  const { page, context, problems } = await openPage(browser, '/blogs', undefined, { origin });
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
