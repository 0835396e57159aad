/**
 * The JavaScript a route downloads in real Chromium at phone width (390 × 844), gzip as served: before interaction
 * (loaded, hydrated, no scroll) and after a full scroll without a click; the inline loader counts too. Also the
 * island types on the first screen, so the budgets can tell a page that needs a carousel or counters at once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inlineScripts } from '../../server/http/security-headers.ts';

export interface LoadedJs {
  gzipBytes: number;
  chunks: Array<{ file: string; gzipBytes: number }>;
}

export interface RouteJsInBrowser {
  route: string;
  atLoad: LoadedJs;
  afterScroll: LoadedJs;
  /** Block types of the islands any part of which is on the first screen. */
  firstScreen: string[];
  /** Block types of the islands hydrated before any scroll or input (the first screen's, and those near it). */
  startedAtLoad: string[];
  /** "type:mode" of every island, and whether it hydrated by the end ("faq:visible ✓"). */
  islands: string[];
}

const PHONE = { width: 390, height: 844 };
const INLINE_LOADER = '(inline loader)';

const scriptsRequested = (page: Page) => page.evaluate(() => [...new Set((performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')))]);

/** Waits until no new script has been requested for half a second. */
async function scriptsSettled(page: Page): Promise<string[]> {
  let last: string[] = [];
  for (let quiet = 0; quiet < 5;) {
    await page.waitForTimeout(100);
    const now = await scriptsRequested(page);
    quiet = now.length === last.length ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

export async function measureRoutesInChromium(origin: string, distDir: string, routes: readonly string[]): Promise<RouteJsInBrowser[]> {
  const gzipOf = new Map<string, number>();
  const sizeOf = async (file: string) => {
    if (!gzipOf.has(file)) {
      const gz = await readFile(path.join(distDir, `${file}.gz`)).catch(async () => gzipSync(await readFile(path.join(distDir, file))));
      gzipOf.set(file, gz.length);
    }
    return gzipOf.get(file)!;
  };
  const loaded = async (files: string[], loader: number): Promise<LoadedJs> => {
    const chunks = [{ file: INLINE_LOADER, gzipBytes: loader }, ...(await Promise.all(files.map(async (file) => ({ file, gzipBytes: await sizeOf(file) }))))];
    return { gzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0), chunks };
  };
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const results: RouteJsInBrowser[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const response = await page.goto(origin + route, { waitUntil: 'load' });
      const loader = inlineScripts((await response?.text()) ?? '').reduce((sum, code) => sum + gzipSync(code).length, 0);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
      const atLoad = await loaded(await scriptsSettled(page), loader);
      const startedAtLoad = await page.$$eval('[data-island][data-hydrated]', (roots) => roots.map((r) => r.getAttribute('data-block')!));
      const firstScreen = await page.$$eval('[data-island]', (roots) => roots.filter((r) => r.getBoundingClientRect().top < innerHeight && r.getBoundingClientRect().bottom > 0).map((r) => r.getAttribute('data-block')!));
      // Down the page a screen at a time, as a reader would, letting each island that comes near start.
      for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += PHONE.height * 0.8) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await page.waitForTimeout(150);
      }
      await page.waitForFunction(() => [...document.querySelectorAll('[data-island="visible"]')].every((r) => r.hasAttribute('data-hydrated')), null, { timeout: 60_000 }).catch(() => {});
      const afterScroll = await loaded(await scriptsSettled(page), loader);
      const islands = await page.$$eval('[data-island]', (roots) => roots.map((r) => `${r.getAttribute('data-block')}:${r.getAttribute('data-island')}${r.hasAttribute('data-hydrated') ? ' ✓' : ''}`));
      results.push({ route, atLoad, afterScroll, firstScreen, startedAtLoad, islands });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
