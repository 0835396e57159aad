/**
 * Islands load their modules at their turn and lose no interaction (docs/architecture.md, "Hydration"): a carousel
 * far down the page costs nothing at load; with the CPU slowed six times, the first click on its arrow, or on a
 * form's submit button, right after it scrolls into view (before it hydrated) acts once the island is hydrated.
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, connectBrowserForFile, newContext, openPage } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

const PHONE = { width: 390, height: 844 };

/** The JavaScript files the page requested so far, by path. */
const requestedScripts = (page: Page) => page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')));

/**
 * Slows the CPU six times, scrolls the control into view at once and clicks it with the mouse (no wait for it to be
 * enabled: a visitor does not wait either). Returns whether its island was hydrated when the button came up.
 */
async function clickRightAway(page: Page, island: string, control: string): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const box = await page.evaluate(
    ([island, control]) => {
      const root = document.querySelector(island!)!;
      addEventListener('pointerup', () => ((window as unknown as { __hydratedAtPress: boolean }).__hydratedAtPress = root.hasAttribute('data-hydrated')), { capture: true, once: true });
      const target = root.querySelector(control!)!;
      // At once: the site scrolls smoothly, and the click must land where the control is now.
      target.scrollIntoView({ block: 'center', behavior: 'instant' });
      const { x, y, width, height } = target.getBoundingClientRect();
      return { x: x + width / 2, y: y + height / 2 };
    },
    [island, control],
  );
  await page.mouse.click(box.x, box.y);
  return page.evaluate(() => (window as unknown as { __hydratedAtPress: boolean }).__hydratedAtPress);
}

describe('first interaction with an island', () => {
  it('a carousel far down the page loads its modules only as it nears, and its arrow’s first click moves it', async () => {
    const { page, context, problems } = await openPage(browser, '/', PHONE);
    const sectorModules = await page.$eval('meta[name="island-modules"][data-island-block="sector-slider"]', (m) => (m as HTMLMetaElement).content.split(' '));
    const component = sectorModules.find((m) => /\/sector-slider-[\w-]+\.js$/.test(m));
    expect(component).toBeDefined();
    expect(await requestedScripts(page)).not.toContain(component);

    const firstVisible = () => page.locator('#sectors .slick-active h3').first().textContent();
    const firstStatic = await page.locator('#sectors h3').first().textContent();
    expect(await clickRightAway(page, '#sectors', 'button[aria-label^="Next"]')).toBe(false);
    await page.waitForSelector('#sectors[data-hydrated]');
    expect(await requestedScripts(page)).toContain(component);
    await expect.poll(firstVisible).not.toBe(firstStatic);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the help form’s first "Send Message" on an empty form shows what is required', async () => {
    const { page, context, problems } = await openPage(browser, '/help-center', PHONE);
    const form = '[data-block="contact-form"]';
    expect(await clickRightAway(page, form, 'button[type="submit"]')).toBe(false);
    const text = () => page.locator(form).innerText();
    await expect.poll(text).toContain('Full Name is required');
    expect(await text()).toContain('Email is required');
    expect(page.url()).toMatch(/\/help-center$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a click on an island before the page’s JavaScript started is held by the loader and acts once it is hydrated', async () => {
    const context = await newContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    // The entry held back from the start: the runtime cannot start until the click has been made.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(baseUrl() + '/');
    const firstVisible = () => page.locator('#sectors .slick-active h3').first().textContent();
    const firstStatic = await page.locator('#sectors h3').first().textContent();
    expect(await clickRightAway(page, '#sectors', 'button[aria-label^="Next"]')).toBe(false);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    release();
    await page.waitForSelector('#sectors[data-hydrated]');
    await expect.poll(firstVisible).not.toBe(firstStatic);
    expect(problems).toEqual([]);
    await context.close();
  });
});
