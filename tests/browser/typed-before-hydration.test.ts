/**
 * A visitor may type into the contact form (an `interaction` island: the first focus asks for its modules) before it
 * hydrates: its module is held on the way until the typing is done, and what was typed must still be there, and be
 * what the form sends, once it hydrates.
 */
import type { Browser, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, connectBrowserForFile, newContext } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

describe('contact form typed into before it hydrates', () => {
  it('keeps every typed value through hydration and sends them', async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => message.type() === 'error' && problems.push(`console.error: ${message.text()}`));

    // The form's module is held until the test releases it: the typing lands on the server's HTML.
    let releaseModule: () => void = () => undefined;
    const moduleHeld = new Promise<void>((resolve) => (releaseModule = resolve));
    let moduleRequested: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (moduleRequested = resolve));
    await page.route(/\/assets\/contact-form-[\w-]+\.js$/, async (route: Route) => {
      moduleRequested();
      await moduleHeld;
      await route.continue();
    });
    let sent = '';
    await page.route('**/api/send-email', async (route) => {
      sent = route.request().postDataBuffer()?.toString('utf8') ?? '';
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":true}' });
    });

    await page.goto(`${baseUrl()}/contact`);
    await page.waitForSelector('html[data-hydrated]');
    const island = page.locator('#enquiry');
    const form = page.locator('#enquiry form');
    const typed = { 'Full Name': 'Ada Lovelace', Email: 'ada@example.com', Message: 'We need a support desk that answers in six languages.' };
    for (const [label, value] of Object.entries(typed)) await form.getByLabel(label, { exact: false }).first().pressSequentially(value);
    // The typing asked for the form's module, which is still held.
    await requested;
    expect(await island.getAttribute('data-hydrated')).toBeNull();

    releaseModule();
    await page.waitForSelector('#enquiry[data-hydrated]');
    for (const [label, value] of Object.entries(typed)) expect(await form.getByLabel(label, { exact: false }).first().inputValue()).toBe(value);

    // The form's own state has them too: it sends them, with no "required" message on the way.
    await form.getByRole('button', { name: 'Submit Now' }).click();
    await expect.poll(() => sent).toContain('Ada Lovelace');
    expect(sent).toContain('ada@example.com');
    expect(sent).toContain('We need a support desk that answers in six languages.');
    expect(await form.textContent()).not.toContain('is required');
    expect(problems).toEqual([]);
    await context.close();
  });
});
