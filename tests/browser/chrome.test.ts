/** Header, menus and footer as visitors use them, by mouse, keyboard and on a phone, and with JavaScript off. */
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, connectBrowserForFile, newContext, openPage } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

const desktopNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());
/** A top-level item of the desktop bar by its text: a link, or the summary of a mega-menu. */
const barItem = (page: Page, name: string) => desktopNav(page).getByText(name, { exact: true });
const isOpen = (summary: Locator) => summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);

/** What a screen reader is told about an element: its node in Chromium's accessibility tree. */
async function announced(page: Page, element: Locator): Promise<{ role: string; name: string; expanded: boolean | undefined }> {
  const cdp = await page.context().newCDPSession(page);
  await element.evaluate((el) => el.setAttribute('data-probe', ''));
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.querySelector("[data-probe]")' });
  await element.evaluate((el) => el.removeAttribute('data-probe'));
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId!, fetchRelatives: false });
  await cdp.detach();
  const node = nodes[0]!;
  const expanded = node.properties?.find((p) => p.name === 'expanded')?.value.value as boolean | undefined;
  return { role: String(node.role?.value), name: String(node.name?.value), expanded };
}

describe('desktop header', () => {
  it('opens a mega-menu of three columns by mouse, one at a time, and closes it with a click outside', async () => {
    const { page, context, problems } = await openPage(browser, '/');
    const services = barItem(page, 'Services');
    // Chromium's role for the summary of a <details name>: the platforms get a (toggle) button, expanded or collapsed.
    expect(await announced(page, services)).toEqual({ role: 'DisclosureTriangleGrouped', name: 'Services', expanded: false });
    await services.click();
    expect(await announced(page, services)).toEqual({ role: 'DisclosureTriangleGrouped', name: 'Services', expanded: true });
    const panel = services.locator('xpath=following-sibling::div');
    expect(await panel.isVisible()).toBe(true);
    expect(await panel.locator('p').allTextContents()).toEqual(['Customer Interaction & Support', 'Business Operations & Technology Solutions', 'Data Security & Management']);
    await barItem(page, 'Industries').click();
    expect([await isOpen(services), await isOpen(barItem(page, 'Industries'))]).toEqual([false, true]);
    await page.mouse.click(640, 600);
    expect(await isOpen(barItem(page, 'Industries'))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works by keyboard: Enter opens, Escape closes and returns focus to the summary', async () => {
    const { page, context } = await openPage(browser, '/about');
    const industries = barItem(page, 'Industries');
    await industries.focus();
    await page.keyboard.press('Enter');
    expect(await isOpen(industries)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('SaaS & Software');
    await page.keyboard.press('Escape');
    expect(await isOpen(industries)).toBe(false);
    expect(await focusedText(page)).toBe('Industries');
    await context.close();
  });

  it('closes the menu on navigation and marks the section of the new page', async () => {
    const { page, context } = await openPage(browser, '/');
    const industries = barItem(page, 'Industries');
    await industries.click();
    await desktopNav(page).getByRole('link', { name: 'Travel & Booking' }).click();
    await page.waitForURL('**/travel-hospitality');
    expect(await isOpen(industries)).toBe(false);
    await expect.poll(() => industries.getAttribute('aria-current')).toBe('true');
    expect(await barItem(page, 'Home').getAttribute('aria-current')).toBeNull();
    await context.close();
  });

  it.each([
    ['/', 'Home', 'page'],
    ['/about', 'About', 'page'],
    ['/cyber-security', 'Services', 'true'],
    ['/food-dining', 'Industries', 'true'],
    ['/blogs', 'Insights', 'page'],
    ['/blogs/any-article', 'Insights', 'page'],
  ] as const)('marks the active section on %s', async (path, name, value) => {
    const { page, context } = await openPage(browser, path);
    const current = desktopNav(page).locator('[aria-current]');
    expect(await current.count()).toBe(1);
    expect(await barItem(page, name).getAttribute('aria-current')).toBe(value);
    await context.close();
  });

  it('marks nothing on pages outside the sections', async () => {
    const { page, context } = await openPage(browser, '/contact');
    expect(await desktopNav(page).locator('[aria-current]').count()).toBe(0);
    await context.close();
  });

  it('takes its scrolled style as soon as the page is scrolled, and the hero with it', async () => {
    const { page, context } = await openPage(browser, '/');
    const header = page.locator('header').first();
    const shadow = () => header.evaluate((el) => getComputedStyle(el).boxShadow);
    const heroGlow = () => page.locator('[data-block="hero"] section').evaluate((el) => getComputedStyle(el, '::before').opacity);
    expect([await shadow(), await heroGlow()]).toEqual(['none', '1']);
    await page.mouse.wheel(0, 40);
    await expect.poll(shadow).not.toBe('none');
    await expect.poll(heroGlow).toBe('0');
    expect(await header.boundingBox()).toMatchObject({ y: 0 });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(shadow).toBe('none');
    await expect.poll(heroGlow).toBe('1');
    await context.close();
  });
});

describe('mobile menu at 390 px', () => {
  const phone = { width: 390, height: 844 };
  const menuDialog = (page: Page) => page.getByRole('dialog', { name: 'Site menu' });
  const focusInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));
  const mainTakesFocus = (page: Page) =>
    page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('main a')!;
      link.focus();
      return document.activeElement === link;
    });

  it('slides in as a modal dialog, keeps focus inside, collapses its sections, and closes with Escape', async () => {
    const { page, context, problems } = await openPage(browser, '/', phone);
    expect(await desktopNav(page).isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await menuButton.click();
    const dialog = menuDialog(page);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
    expect(await focusInside(dialog)).toBe(true);
    // The page behind is inert: it takes no focus, and it does not scroll.
    expect(await mainTakesFocus(page)).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe('hidden');

    const services = dialog.getByText('Services', { exact: true });
    expect(await announced(page, services)).toEqual({ role: 'DisclosureTriangleGrouped', name: 'Services', expanded: false });
    expect(await dialog.getByRole('link', { name: 'Customer Support' }).isVisible()).toBe(false);
    await services.click();
    expect(await announced(page, services)).toEqual({ role: 'DisclosureTriangleGrouped', name: 'Services', expanded: true });
    expect(await dialog.getByRole('link', { name: 'Customer Support' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: "Let's Connect" }).isVisible()).toBe(true);
    await dialog.getByText('Industries', { exact: true }).click();
    expect(await dialog.getByRole('link', { name: 'Customer Support' }).isVisible()).toBe(false);
    await services.click();

    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(dialog)).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(dialog)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('Menu');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).not.toBe('hidden');
    expect(await mainTakesFocus(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('closes with its Close button and with a click on the dimmed page beside it', async () => {
    const { page, context } = await openPage(browser, '/about', phone);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    const dialog = menuDialog(page);
    await menuButton.click();
    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('Menu');
    await menuButton.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.mouse.click(10, 400);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('closes after following a link', async () => {
    const { page, context } = await openPage(browser, '/', phone);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = menuDialog(page);
    await dialog.getByText('Industries', { exact: true }).click();
    await dialog.getByRole('link', { name: 'Food & Dining' }).click();
    await page.waitForURL('**/food-dining');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});

describe('with JavaScript off', () => {
  async function openWithoutScripts(path: string, viewport: { width: number; height: number }) {
    const context = await newContext(browser, { javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await page.goto(baseUrl() + path);
    return { page, context };
  }

  it('a mega-menu opens by mouse and keyboard, and its links are reachable', async () => {
    const { page, context } = await openWithoutScripts('/about', { width: 1280, height: 800 });
    const services = barItem(page, 'Services');
    await services.click();
    expect(await announced(page, services)).toEqual({ role: 'DisclosureTriangleGrouped', name: 'Services', expanded: true });
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Digital Customer Experience');
    const industries = barItem(page, 'Industries');
    await industries.focus();
    await page.keyboard.press('Enter');
    expect([await isOpen(services), await isOpen(industries)]).toEqual([false, true]);
    await desktopNav(page).getByRole('link', { name: 'Travel & Booking' }).click();
    await page.waitForURL('**/travel-hospitality');
    expect(await barItem(page, 'Industries').getAttribute('aria-current')).toBe('true');
    await context.close();
  });

  it('the mobile menu opens as a modal dialog, its sections open, and its links are reachable', async () => {
    const { page, context } = await openWithoutScripts('/', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Site menu' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
    const services = dialog.getByText('Services', { exact: true });
    await services.focus();
    await page.keyboard.press('Enter');
    expect(await dialog.getByRole('link', { name: 'Customer Support' }).isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Digital Customer Experience');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await dialog.getByRole('link', { name: 'Customer Support' }).click();
    await page.waitForURL('**/customer-support');
    await context.close();
  });
});

describe('footer', () => {
  it('lists Services, Industries and Company in the agreed order, with phone, e-mail and social links', async () => {
    const { page, context } = await openPage(browser, '/');
    const footer = page.getByRole('contentinfo');
    const hrefs = (name: string) =>
      footer
        .getByRole('navigation', { name })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(await hrefs('Services')).toEqual(['/digital-customer-experience', '/ai-powered-bpo', '/back-office-solutions', '/data-management', '/software-development', '/cyber-security', '/payment-processing', '/customer-support']);
    expect(await hrefs('Industries')).toEqual(['/gaming-entertainment', '/saas-software', '/healthcare-healthtech', '/automotive-customer-care', '/food-dining', '/ecommerce-retail', '/travel-hospitality', '/fintech-compliance']);
    expect(await hrefs('Company')).toEqual(['/about', '/careers', '/blogs', '/contact', '/terms-conditions', '/privacy-policy']);
    expect(await footer.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    const social = footer.locator('a[target="_blank"]');
    expect(await social.count()).toBe(3);
    for (const link of await social.all()) {
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('aria-label')).toMatch(/ on (LinkedIn|X|Facebook) \(opens in a new tab\)$/);
    }
    expect(await footer.textContent()).toContain('© 2025');
    expect(await footer.textContent()).toContain('fast-growing team of innovative thinkers and collaborators');
    await context.close();
  });
});
