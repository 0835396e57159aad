/**
 * A photograph as an editor adds it: public/images/our-story.jpg (2400×1600, about 1.5 MB), written by its
 * plain path in the who-we-are block of /about. The served page offers it as a <picture> of AVIF and WebP in
 * every width; a phone downloads a small file, a desktop one at least as wide as the picture's box.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectBrowserForFile, baseUrl, openPage } from './browser';

const original = path.resolve(import.meta.dirname, '../../public/images/our-story.jpg');
const picture = '#who-we-are img';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

/** Opens /about, scrolls the photograph into view and waits until it has loaded: what it shows, and the bytes of every variant fetched. */
async function photographAt(viewport: { width: number; height: number }, deviceScaleFactor: number) {
  const { page, context, problems } = await openPage(browser, '/about', viewport, { deviceScaleFactor });
  await page.locator(picture).scrollIntoViewIfNeeded();
  await expect.poll(() => page.locator(picture).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shown = await page.locator(picture).evaluate((img: HTMLImageElement) => ({ currentSrc: img.currentSrc, boxWidth: img.getBoundingClientRect().width }));
  // naturalWidth is corrected by the srcset's density: the file's own width is in its name (…-768.avif).
  const fileWidth = Number(/-(\d+)\.(avif|webp|jpg)$/.exec(shown.currentSrc)?.[1]);
  const downloads = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/_img/'))
      .map((e) => ({ url: e.name, bytes: (e as PerformanceResourceTiming).encodedBodySize })),
  );
  await context.close();
  return { shown: { ...shown, fileWidth }, downloads, problems };
}

describe('a photograph dropped into public/images', () => {
  it('is served as a <picture> of AVIF and WebP in at least 3 widths, with width and height on the <img>', async () => {
    const html = await (await fetch(`${baseUrl()}/about`)).text();
    const markup = /<picture[^>]*>.*?<\/picture>/s.exec(html.slice(html.indexOf('data-block="who-we-are"')))?.[0] ?? '';
    for (const type of ['image/avif', 'image/webp']) {
      const srcset = new RegExp(`<source type="${type}" srcSet="([^"]+)"`).exec(markup)?.[1] ?? '';
      expect(srcset.split(', ').length, `${type} in ${markup}`).toBeGreaterThanOrEqual(3);
    }
    expect(markup).toMatch(/<img [^>]*width="2400" height="1600"/);
    expect(markup).toMatch(/<img [^>]*loading="lazy"/);
    expect(markup).toMatch(/<img [^>]*style="background-image:url\(data:image\/webp;base64,/);
    // A variant is kept for a year: its name changes with its content.
    const variant = /srcSet="([^" ]+)/.exec(markup)![1]!;
    expect((await fetch(baseUrl() + variant)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('costs a 390 px phone at 2× at most an eighth of the original file', async () => {
    const { size } = await stat(original);
    const { shown, downloads, problems } = await photographAt({ width: 390, height: 844 }, 2);
    const bytes = downloads.reduce((sum, d) => sum + d.bytes, 0);
    expect(bytes, JSON.stringify(downloads)).toBeLessThanOrEqual(size / 8);
    expect(shown.currentSrc).toMatch(/\.avif$/);
    expect(shown.fileWidth).toBeGreaterThanOrEqual(shown.boxWidth * 2);
    expect(problems).toEqual([]);
  });

  it('gives a 1280 px desktop a file at least as wide as the picture box', async () => {
    const { shown, problems } = await photographAt({ width: 1280, height: 800 }, 1);
    expect(shown.boxWidth).toBeGreaterThan(300);
    expect(shown.fileWidth).toBeGreaterThanOrEqual(shown.boxWidth);
    expect(problems).toEqual([]);
  });
});
