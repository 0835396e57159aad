/**
 * The accordion, the tabs and the FAQ are server HTML whose behaviour an enhance module adds once the runtime has
 * started, after the page's load. A visitor on a slow phone (the CPU slowed 6×) who scrolls to one and presses it
 * at once presses it before its module ran: the press must still act, once. The kit's disclosure group, which all
 * three modules import, is held on the way until the press is done, so the press always comes first. The server
 * HTML is the state the modules start from: a block is as tall before its module as after it. And find in page
 * reaches a closed panel's text and opens its item.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, connectBrowserForFile, newContext } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

/** Opens `path` with the enhance modules held (and the CPU slowed, unless `rate` says 1); `release` lets them load. */
async function openHeld(path: string, viewport = { width: 1280, height: 800 }, rate = 6) {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console.error: ${message.text()}`));
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/disclosure-group\.enhance-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${baseUrl()}${path}`);
  return { page, context, problems, release };
}

const attribute = (page: Page, selector: string, name: string) => page.locator(selector).getAttribute(name);

describe.each([
  { press: 'a press', leavesFocus: true },
  { press: 'a press that leaves no focus on the button (as in Safari)', leavesFocus: false },
])('$press before the enhance module ran', ({ leavesFocus }) => {
  it.each([
    { name: 'an accordion topic', path: '/saas-software', trigger: '#solutions button[aria-expanded] >> nth=0', state: 'aria-expanded', expected: 'true' },
    { name: 'a tab', path: '/', trigger: '#solutions [role="tab"] >> nth=1', state: 'aria-selected', expected: 'true' },
    { name: 'an FAQ question', path: '/help-center', trigger: '#faq button[aria-expanded] >> nth=1', state: 'aria-expanded', expected: 'true' },
  ])('acts on $name once its module runs', async ({ path, trigger, state, expected }) => {
    const { page, context, problems, release } = await openHeld(path);
    const target = page.locator(trigger);
    await target.scrollIntoViewIfNeeded();
    await target.click();
    if (!leavesFocus) await target.evaluate((button) => (button as HTMLElement).blur());
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    release();
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(() => attribute(page, trigger, state)).toBe(expected);
    // Acted once: its panel shows, and stays shown (a second toggle would have closed it again).
    const panel = page.locator(`[id="${await target.getAttribute('aria-controls')}"]`);
    expect(await panel.isVisible()).toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await attribute(page, trigger, state)).toBe(expected);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the server HTML', () => {
  it.each([
    { path: '/about', block: '#values', viewport: { width: 390, height: 844 } },
    { path: '/', block: '#solutions', viewport: { width: 390, height: 844 } },
    { path: '/', block: '#solutions', viewport: { width: 1280, height: 800 } },
    { path: '/help-center', block: '#faq', viewport: { width: 390, height: 844 } },
  ])('is the starting state of $block on $path at $viewport.width px: nothing moves when its module runs', async ({ path, block, viewport }) => {
    const { page, context, release } = await openHeld(path, viewport, 1);
    const height = () => page.locator(block).evaluate((element) => element.getBoundingClientRect().height);
    const before = await height();
    release();
    await page.waitForSelector('html[data-hydrated]');
    expect(await height()).toBe(before);
    await context.close();
  });
});

describe('find in page', () => {
  it('reveals the text of a closed answer and opens its item, closing the open one', async () => {
    const { page, context, release } = await openHeld('/about', { width: 1280, height: 800 }, 1);
    release();
    await page.waitForSelector('html[data-hydrated]');
    // A text fragment finds as the browser's find does: it fires beforematch on the hidden="until-found" panel.
    await page.evaluate(() => (location.hash = ':~:text=audited%20processes'));
    const expanded = () => page.locator('#values button[aria-expanded]').evaluateAll((all) => all.map((b) => b.getAttribute('aria-expanded')));
    await expect.poll(expanded).toEqual(['false', 'false', 'true', 'false', 'false']);
    expect(await page.getByText('audited processes', { exact: false }).isVisible()).toBe(true);
    await context.close();
  });
});
