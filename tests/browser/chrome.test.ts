/** Header, menus and footer as visitors use them, by mouse, keyboard and on a phone. */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectBrowserForFile, openPage } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

const desktopNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

describe('desktop header', () => {
  it('opens a mega-menu of three columns by mouse, and closes it with a click outside', async () => {
    const { page, context, problems } = await openPage(browser, '/');
    const services = desktopNav(page).getByRole('button', { name: 'Services' });
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    await services.click();
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`#${await services.getAttribute('aria-controls')}`);
    expect(await panel.isVisible()).toBe(true);
    expect(await panel.locator('p').allTextContents()).toEqual(['Customer Interaction & Support', 'Business Operations & Technology Solutions', 'Data Security & Management']);
    await page.mouse.click(640, 600);
    expect(await panel.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works by keyboard: Enter opens, Escape closes and returns focus to the button', async () => {
    const { page, context } = await openPage(browser, '/about');
    const industries = desktopNav(page).getByRole('button', { name: 'Industries' });
    await industries.focus();
    await page.keyboard.press('Enter');
    expect(await industries.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('SaaS & Software');
    await page.keyboard.press('Escape');
    expect(await industries.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedText(page)).toBe('Industries');
    await context.close();
  });

  it('closes the menu on navigation and marks the section of the new page', async () => {
    const { page, context } = await openPage(browser, '/');
    const industries = desktopNav(page).getByRole('button', { name: 'Industries' });
    await industries.click();
    await desktopNav(page).getByRole('link', { name: 'Travel & Booking' }).click();
    await page.waitForURL('**/travel-hospitality');
    expect(await industries.getAttribute('aria-expanded')).toBe('false');
    expect(await industries.getAttribute('aria-current')).toBe('true');
    expect(await desktopNav(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await context.close();
  });

  it.each([
    ['/', 'link', 'Home', 'page'],
    ['/about', 'link', 'About', 'page'],
    ['/cyber-security', 'button', 'Services', 'true'],
    ['/food-dining', 'button', 'Industries', 'true'],
    ['/blogs', 'link', 'Insights', 'page'],
    ['/blogs/any-article', 'link', 'Insights', 'page'],
  ] as const)('marks the active section on %s', async (path, role, name, value) => {
    const { page, context } = await openPage(browser, path);
    const current = desktopNav(page).locator('[aria-current]');
    expect(await current.count()).toBe(1);
    expect(await desktopNav(page).getByRole(role, { name, exact: true }).getAttribute('aria-current')).toBe(value);
    await context.close();
  });

  it('marks nothing on pages outside the sections', async () => {
    const { page, context } = await openPage(browser, '/contact');
    expect(await desktopNav(page).locator('[aria-current]').count()).toBe(0);
    await context.close();
  });

  it('takes its scrolled style as soon as the page is scrolled', async () => {
    const { page, context } = await openPage(browser, '/about');
    const header = page.locator('header').first();
    const shadow = () => header.evaluate((el) => getComputedStyle(el).boxShadow);
    expect(await shadow()).toBe('none');
    await page.mouse.wheel(0, 40);
    await expect.poll(shadow).not.toBe('none');
    expect(await header.boundingBox()).toMatchObject({ y: 0 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(shadow).toBe('none');
    await context.close();
  });
});

describe('mobile menu at 390 px', () => {
  it('slides in, keeps focus inside, collapses its sections, and closes with Escape', async () => {
    const { page, context, problems } = await openPage(browser, '/', { width: 390, height: 844 });
    expect(await desktopNav(page).isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await menuButton.click();
    const dialog = page.getByRole('dialog', { name: 'Site menu' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    const services = dialog.getByRole('button', { name: 'Services' });
    expect(await dialog.getByRole('link', { name: 'Customer Support' }).isVisible()).toBe(false);
    await services.click();
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    expect(await dialog.getByRole('link', { name: 'Customer Support' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: "Let's Connect" }).isVisible()).toBe(true);

    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('Menu');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('closes after following a link', async () => {
    const { page, context } = await openPage(browser, '/', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Site menu' });
    await dialog.getByRole('button', { name: 'Industries' }).click();
    await dialog.getByRole('link', { name: 'Food & Dining' }).click();
    await page.waitForURL('**/food-dining');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});

describe('footer', () => {
  it('lists Services, Industries and Company in the agreed order, with phone, e-mail and social links', async () => {
    const { page, context } = await openPage(browser, '/');
    const footer = page.getByRole('contentinfo');
    const hrefs = (name: string) => footer.getByRole('navigation', { name }).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
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
