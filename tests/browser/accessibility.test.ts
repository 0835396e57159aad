/**
 * axe-core (WCAG 2.0–2.2 A and AA) on every route, an article and the 404 page at 1280 px; on a phone (390 px),
 * on one route for each distinct set of block types (with the shared header and footer); and with the menus open.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PageDocument } from '../../src/model/block-entry';
import { expandFragments } from '../../src/model/expand-fragments';
import { resolvePath, staticPaths } from '../../src/model/routes';
import type { SiteConfig } from '../../src/generated/pages-json';
import { connectBrowserForFile, openPage } from './browser';

const root = path.resolve(import.meta.dirname, '../..');
const site = JSON.parse(readFileSync(path.join(root, 'pages.json'), 'utf8')) as SiteConfig;
const routes = [...staticPaths(site), '/blogs/what-to-put-in-an-outsourcing-sla', '/no-such-page'];

/** The block types a route shows, as one key: routes with the same key show the same kinds of block, with other content. */
function blockSetOf(routePath: string): string {
  const resolution = resolvePath(site, routePath);
  const page = resolution.kind === 'page' ? resolution.page : site.notFoundPage;
  const doc = JSON.parse(readFileSync(path.join(root, 'pages', `${page}.json`), 'utf8')) as PageDocument;
  return [...new Set(expandFragments(doc.blocks, site.fragments).map((block) => block.type))].sort().join(' ');
}

// axe's findings follow the blocks and the layout, not the words, so the phone width checks the first route of
// each set of block types: every block at both widths, every route at one (each check takes 5–10 s).
const firstOfEachBlockSet = routes.filter((routePath, i) => routes.findIndex((other) => blockSetOf(other) === blockSetOf(routePath)) === i);
const checks = [
  { width: 390, paths: firstOfEachBlockSet },
  { width: 1280, paths: routes },
];

/** Each violation in one line: the rule, its impact, what it asks, and the first elements that break it. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

describe.each(checks)('at $width px wide', ({ width, paths }) => {
  // Two pages at a time (maxConcurrency, vitest.config.ts): one is analysed while the other loads.
  it.concurrent.each(paths)('%s has no axe violations', async (routePath) => {
    const { page, context } = await openPage(browser, routePath, { width, height: 800 });
    // The article fills in after its fetch: check the finished page, not the loading state.
    if (routePath.startsWith('/blogs/')) await page.waitForSelector('#article-title');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('with the menus open', () => {
  it('has no axe violations with a mega-menu open at 1280 px', async () => {
    const { page, context } = await openPage(browser, '/', { width: 1280, height: 800 });
    await page.getByRole('navigation', { name: 'Main' }).first().getByText('Services', { exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('has no axe violations with the mobile menu and a section open at 390 px', async () => {
    const { page, context } = await openPage(browser, '/', { width: 390, height: 800 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Site menu' });
    await dialog.getByText('Services', { exact: true }).click();
    // Wait for the slide-in to end: axe reads colours, and a half-transparent panel has none it can judge.
    await expect.poll(() => dialog.evaluate((el) => el.getAnimations().length)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('keyboard focus', () => {
  it.each(['/', '/contact'])('is visible on each of the first 25 Tab stops of %s', async (routePath) => {
    const { page, context } = await openPage(browser, routePath);
    const unmarked: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const ringed = (node: Element) => {
          const style = getComputedStyle(node);
          return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        };
        // A card whose link covers it draws the ring on the card (:focus-within), a few levels up.
        let visible = false;
        for (let node: Element | null = el, level = 0; node && level < 4 && !visible; node = node.parentElement, level++) visible = ringed(node);
        return { visible, name: `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"` };
      });
      if (focus && !focus.visible) unmarked.push(focus.name);
    }
    expect(unmarked).toEqual([]);
    await context.close();
  });
});
