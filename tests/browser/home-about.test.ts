/** Home and About as a visitor meets them: counters, tabs, sliders, accordions and the testimonials. */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, connectBrowserForFile, newContext, openPage, scrollToIsland, twoFrames } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

/** The moving number of each counter (the visually hidden final text and the width-keeping copy aside). */
const countingTexts = (page: Page, block: string) => page.locator(`#${block} p > span[aria-hidden="true"] > span:nth-child(2)`).allTextContents();

/** Waits for the counters' own account of where the count is (data-counting, blocks/counters). */
const countPhase = (page: Page, block: string, phase: string) => page.locator(`#${block} ul[data-counting="${phase}"]`).waitFor({ state: 'attached' });

/** From now on, notes every text the first counter shows and the width of its card at that moment. */
const recordFirstCounter = (page: Page, block: string) =>
  page.evaluate((id) => {
    const number = document.querySelector(`#${id} [data-counter]`)!;
    const card = document.querySelector(`#${id} p`)!;
    const seen: Array<{ text: string; width: number }> = [];
    Object.assign(window, { __counterSeen: seen });
    new MutationObserver(() => seen.push({ text: number.textContent ?? '', width: card.getBoundingClientRect().width })).observe(number, { childList: true, characterData: true, subtree: true });
  }, block);
const counterSeen = (page: Page) => page.evaluate(() => (window as unknown as { __counterSeen: Array<{ text: string; width: number }> }).__counterSeen);

describe('counters', () => {
  it.each([
    ['/', ['100+', '170+', '500k']],
    ['/about', ['10+', '150+', '100+', '500+']],
  ])('%s has its final values in the static HTML', async (path, values) => {
    const html = await (await fetch(baseUrl() + path)).text();
    const counters = html.slice(html.indexOf('data-block="counters"'));
    for (const value of values) expect(counters).toContain(`>${value}<`);
  });

  it('count up from 0 once scrolled into view, without moving anything', async () => {
    const { page, context, problems } = await openPage(browser, '/', { width: 1280, height: 700 });
    expect(await countingTexts(page, 'stats')).toEqual(['100+', '170+', '500k']);
    const before = await page.locator('#stats p').first().boundingBox();
    // Just below the first screen, they wait for the visitor's scroll to come to life.
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.locator('#stats ul').getAttribute('data-counting')).toBe('waiting');
    // The visitor starts to scroll: the runtime looks ahead, and they get ready before they come into view.
    await page.evaluate(() => window.scrollBy(0, 1));
    await countPhase(page, 'stats', 'watching');
    await recordFirstCounter(page, 'stats');
    await page.locator('#stats').scrollIntoViewIfNeeded();
    await countPhase(page, 'stats', 'done');
    const seen = await counterSeen(page);
    // It started low and climbed to the final value, every step at the card's width from before.
    expect(Number.parseInt(seen[0]!.text, 10)).toBeLessThan(100);
    const numbers = seen.map((s) => Number.parseInt(s.text, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(seen.at(-1)!.text).toBe('100+');
    expect(new Set(seen.map((s) => s.width))).toEqual(new Set([before?.width]));
    expect(await countingTexts(page, 'stats')).toEqual(['100+', '170+', '500k']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('do not animate when the visitor prefers reduced motion', async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 700 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/about`);
    await page.waitForSelector('html[data-hydrated]');
    // The block says it will not count; and once the row is in view (an observer of the test's own says so), no
    // digit has moved.
    await countPhase(page, 'experience', 'still');
    await recordFirstCounter(page, 'experience');
    await page.locator('#experience').scrollIntoViewIfNeeded();
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && (observer.disconnect(), resolve()), { threshold: 0.3 });
          observer.observe(document.querySelector('#experience ul')!);
        }),
    );
    await twoFrames(page);
    expect(await counterSeen(page)).toEqual([]);
    expect(await page.locator('#experience ul').getAttribute('data-counting')).toBe('still');
    expect(await countingTexts(page, 'experience')).toEqual(['10+', '150+', '100+', '500+']);
    await context.close();
  });
});

describe('Digital BPO Solutions', () => {
  it('are vertical tabs on wide screens, operated with the arrow keys', async () => {
    const { page, context } = await openPage(browser, '/');
    await page.locator('#solutions').scrollIntoViewIfNeeded(); // no island: its enhance module ran before html[data-hydrated]
    const tablist = page.locator('#solutions [role="tablist"]');
    expect(await tablist.getAttribute('aria-orientation')).toBe('vertical');
    const tabs = tablist.getByRole('tab');
    expect(await tabs.count()).toBe(7);
    expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    await tabs.nth(0).focus();
    await page.keyboard.press('ArrowDown');
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    expect(await tabs.nth(6).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    const panel = page.locator(`#${await tabs.nth(0).getAttribute('aria-controls')}`);
    expect(await panel.getByRole('link', { name: /Explore More!/ }).getAttribute('href')).toBe('/digital-customer-experience');
    await context.close();
  });

  it('are an accordion on phones: all closed, one open at a time', async () => {
    const { page, context } = await openPage(browser, '/', { width: 390, height: 844 });
    await page.locator('#solutions').scrollIntoViewIfNeeded(); // no island: its enhance module ran before html[data-hydrated]
    expect(await page.locator('#solutions [role="tablist"]').isVisible()).toBe(false);
    const buttons = page.locator('#solutions button[aria-expanded]:visible');
    expect(await buttons.count()).toBe(7);
    expect(await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-expanded')))).toEqual(Array(7).fill('false'));
    await buttons.nth(2).click();
    await buttons.nth(4).click();
    expect(await buttons.evaluateAll((all) => all.filter((b) => b.getAttribute('aria-expanded') === 'true').length)).toBe(1);
    expect(await buttons.nth(4).getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });
});

describe('sector slider', () => {
  it('links each of the eight sectors to its industry page and highlights the hovered one', async () => {
    const { page, context } = await openPage(browser, '/');
    await scrollToIsland(page, '#sectors');
    await expect.poll(() => page.locator('#sectors .slick-slide:not(.slick-cloned)').count()).toBe(8);
    const hrefs = await page.locator('#sectors .slick-slide:not(.slick-cloned) a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual(['/automotive-customer-care', '/ecommerce-retail', '/fintech-compliance', '/food-dining', '/gaming-entertainment', '/healthcare-healthtech', '/saas-software', '/travel-hospitality']);
    const card = page.locator('#sectors .slick-active article').first();
    const highlighted = page.locator('#sectors .slick-slide:not(.slick-cloned) [data-highlighted="true"]');
    expect(await highlighted.count()).toBe(0);
    // React renders a hover (a continuous event) in a task of its own, after the mouse has moved.
    await card.hover();
    await expect.poll(() => highlighted.count()).toBe(1);
    expect(await highlighted.locator('h3').textContent()).toBe(await card.locator('h3').textContent());
    await page.mouse.move(5, 5);
    await expect.poll(() => highlighted.count()).toBe(0);
    await context.close();
  });

  it('moves with its Next button from the keyboard, never leaving focus in a hidden slide', async () => {
    const { page, context } = await openPage(browser, '/');
    await scrollToIsland(page, '#sectors');
    await expect.poll(() => page.locator('#sectors .slick-slide:not(.slick-cloned)').count()).toBe(8);
    const firstVisible = () => page.locator('#sectors .slick-active h3').first().textContent();
    const before = await firstVisible();
    const next = page.locator('#sectors').getByRole('button', { name: /next/i });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(firstVisible).not.toBe(before);
    const leaks = await page.locator('#sectors [aria-hidden="true"]:not([inert]) :is(a, button)').count();
    expect(leaks).toBe(0);
    await context.close();
  });
});

describe('testimonials', () => {
  const withTestimonials = ['/', '/about', '/customer-support', '/saas-software', '/blogs', '/blogs/any-article', '/contact', '/careers'];
  const without = ['/privacy-policy', '/terms-conditions', '/help-center'];

  it.each(withTestimonials)('are on %s', async (path) => {
    const html = await (await fetch(baseUrl() + path)).text();
    expect(html).toContain('data-block="testimonials"');
    expect(html).toContain('What Our Clients Say');
  });

  it.each(without)('are not on %s', async (path) => {
    const html = await (await fetch(baseUrl() + path)).text();
    expect(html).not.toContain('data-block="testimonials"');
  });

  it('show five testimonials with the 30% and 40% claims, with labelled controls and nothing focusable hidden', async () => {
    const { page, context, problems } = await openPage(browser, '/about');
    await scrollToIsland(page, '#testimonials');
    const slides = page.locator('#testimonials .slick-slide:not(.slick-cloned)');
    await expect.poll(() => slides.count()).toBe(5);
    const text = (await slides.allTextContents()).join(' ');
    expect(text).toContain('30%');
    expect(text).toContain('40%');
    expect(
      await page
        .locator('#testimonials')
        .getByRole('button', { name: /previous/i })
        .count(),
    ).toBe(1);
    expect(await page.locator('#testimonials').getByRole('button', { name: 'Show slide 3 of 5' }).count()).toBe(1);
    expect(await page.locator('#testimonials [aria-hidden="true"]:not([inert]) :is(a, button)').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('home and about content', () => {
  it('home leads to contact from the hero and to about from "Know more"', async () => {
    const { page, context } = await openPage(browser, '/');
    expect(await page.locator('#hero').getByRole('link', { name: "Let's Connect" }).getAttribute('href')).toBe('/contact');
    await page
      .locator('#who-we-are')
      .getByRole('link', { name: /Know more/ })
      .click();
    await page.waitForURL('**/about');
    await context.close();
  });

  it('about shows five values, the first open, one at a time', async () => {
    const { page, context } = await openPage(browser, '/about');
    await page.locator('#values').scrollIntoViewIfNeeded(); // no island: its enhance module ran before html[data-hydrated]
    const buttons = page.locator('#values button[aria-expanded]');
    expect(await buttons.count()).toBe(5);
    expect(await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-expanded')))).toEqual(['true', 'false', 'false', 'false', 'false']);
    await buttons.nth(3).click();
    expect(await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-expanded')))).toEqual(['false', 'false', 'false', 'true', 'false']);
    const panel = page.locator(`#${await buttons.nth(3).getAttribute('aria-controls')}`);
    expect(await panel.isVisible()).toBe(true);
    await context.close();
  });
});
