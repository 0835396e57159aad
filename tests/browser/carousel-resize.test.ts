/**
 * The carousel follows its box, not only the window: react-slick watches its list with a ResizeObserver, which the
 * browser build takes from the platform instead of a polyfill (scripts/vite/native-platform-plugin.ts).
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectBrowserForFile, openPage, scrollToIsland } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

describe('carousel', () => {
  it('lays its slides out again when its box narrows while the window stays as it is', async () => {
    const { page, context, problems } = await openPage(browser, '/careers', { width: 1280, height: 800 });
    await scrollToIsland(page, '#testimonials');
    await page.waitForSelector('#testimonials [data-carousel-ready="true"]');
    // The list's width and its first real slide's, in whole pixels.
    const widths = () =>
      page.evaluate(() => {
        const width = (selector: string) => Math.round(document.querySelector(`#testimonials ${selector}`)!.getBoundingClientRect().width);
        return { list: width('.slick-list'), slide: width('.slick-slide:not(.slick-cloned)') };
      });
    const wide = await widths();
    expect(wide.slide).toBe(Math.round(wide.list / 2)); // two slides a view at this width
    await page.locator('#testimonials [data-carousel-ready]').evaluate((frame) => {
      (frame as HTMLElement).style.width = '600px';
    });
    await expect.poll(async () => (await widths()).list).toBeLessThan(wide.list);
    const narrow = await widths();
    await expect.poll(async () => (await widths()).slide).toBe(Math.round(narrow.list / 2));
    expect(problems).toEqual([]);
    await context.close();
  });
});
