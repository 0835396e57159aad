/** The sixteen service and industry pages carry their blocks in the counts the site's brief asks for. */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectBrowserForFile, openPage } from './browser';

const services = ['/digital-customer-experience', '/customer-support', '/ai-powered-bpo', '/software-development', '/back-office-solutions', '/payment-processing', '/data-management', '/cyber-security'];
const industries = ['/saas-software', '/fintech-compliance', '/ecommerce-retail', '/healthcare-healthtech', '/food-dining', '/gaming-entertainment', '/automotive-customer-care', '/travel-hospitality'];
const withCounters = new Set(['/ai-powered-bpo', '/back-office-solutions']);

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

describe.each(services)('service page %s', (path) => {
  it('has 6 revolve cards, 3 choose-us cards, why-choose with its link, the counters on the AI and back-office pages, and the blog slider', async () => {
    const { page, context, problems } = await openPage(browser, path);
    const blocks = await page.locator('main [data-block]').evaluateAll((all) => all.map((b) => b.getAttribute('data-block')));
    expect(blocks).toEqual(['page-hero', 'revolve-cards', 'choose-us-cards', 'why-choose', ...(withCounters.has(path) ? ['counters'] : []), 'blog-slider', 'closing-banner', 'testimonials']);
    expect(await page.locator('#services li').count()).toBe(6);
    expect(await page.locator('#why-us li').count()).toBe(3);
    expect(await page.locator('#why-choose').getByRole('link', { name: "Let's Connect" }).getAttribute('href')).toBe('/contact');
    if (withCounters.has(path)) {
      const html = await page.locator('#results').innerHTML();
      for (const value of ['98%', '15+', '1,000', '30+']) expect(html).toContain(`>${value}<`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each(industries)('industry page %s', (path) => {
  it('has 3 choose-us cards, 2 highlight pairs, 6 approach cards, 6 topics of 5 bullets (one open at a time) and smart content', async () => {
    const { page, context, problems } = await openPage(browser, path);
    const blocks = await page.locator('main [data-block]').evaluateAll((all) => all.map((b) => b.getAttribute('data-block')));
    expect(blocks).toEqual(['page-hero', 'choose-us-cards', 'highlight-pairs', 'approach-cards', 'accordion', 'smart-content', 'closing-banner', 'testimonials']);
    expect(await page.locator('#why-us li').count()).toBe(3);
    expect(await page.locator('#highlights p').count()).toBe(4);
    expect(await page.locator('#approach li').count()).toBe(6);
    const topics = page.locator('#solutions button[aria-expanded]');
    expect(await topics.count()).toBe(6);
    expect(await topics.evaluateAll((all) => all.every((b) => b.getAttribute('aria-expanded') === 'false'))).toBe(true);
    expect(await page.locator('#solutions [role="region"] li').count()).toBe(30);
    await topics.nth(1).click();
    await topics.nth(4).click();
    expect(await topics.evaluateAll((all) => all.map((b) => b.getAttribute('aria-expanded')))).toEqual(['false', 'false', 'false', 'false', 'true', 'false']);
    expect(await page.locator('#smart-content li').count()).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
    await context.close();
  });
});
