/**
 * Lazy pictures after hydration by islands: a static block's placeholders become the browser's lazy pictures and
 * load as they come near (React never renders that block again), and a carousel's hidden slides wait without
 * their shimmer running.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectBrowserForFile, openPage, scrollToIsland } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

describe('lazy pictures', () => {
  it("show a static block's illustrations once scrolled to, with no placeholder left in any static block", async () => {
    const { page, context, problems } = await openPage(browser, '/');
    const placeholdersOutsideIslands = () => page.locator('[data-block]:not([data-island]) [data-lazy-image]').count();
    expect(await placeholdersOutsideIslands()).toBe(0);
    const illustrations = page.locator('[data-block="approach-cards"] img');
    expect(await illustrations.count()).toBe(6);
    expect(await illustrations.first().getAttribute('loading')).toBe('lazy');
    await page.locator('[data-block="approach-cards"]').scrollIntoViewIfNeeded();
    await expect.poll(() => illustrations.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0).length)).toBe(6);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keep the shimmer still on a carousel's hidden slides, and running on a placeholder that waits in view of the visitor", async () => {
    const { page, context } = await openPage(browser, '/');
    await scrollToIsland(page, '#sectors');
    await page.waitForSelector('#sectors [data-carousel-ready="true"]');
    const shimmers = () => page.$$eval('[data-island] [data-lazy-image]', (holders) => holders.map((holder) => ({ hidden: holder.closest('[inert]') !== null, animation: getComputedStyle(holder, '::after').animationName })));
    await expect.poll(async () => (await shimmers()).filter((s) => s.hidden).length).toBeGreaterThan(0);
    expect((await shimmers()).filter((s) => s.hidden && s.animation !== 'none')).toEqual([]);
    // Further down the page, a carousel's shown slides still wait to come near: their shimmer runs.
    expect((await shimmers()).filter((s) => !s.hidden && s.animation !== 'none').length).toBeGreaterThan(0);
    await context.close();
  });
});
