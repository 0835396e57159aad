/** Debian's Chromium driven by playwright-core, with every console problem of a page collected. */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { UI_TIMEOUT } from '../timeouts';

export const baseUrl = () => inject('baseUrl');

/** The run's Chromium, started by global-setup.ts; closing what this returns closes this file's contexts only. */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'), { timeout: UI_TIMEOUT });
}

/** Connects to the run's Chromium before the calling file's tests, hands it to `use`, and closes the connection after them. */
export function connectBrowserForFile(use: (browser: Browser) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    use(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** A browser context whose every wait (selectors, navigations, clicks) gives up after UI_TIMEOUT. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(UI_TIMEOUT);
  return context;
}

/** Resolves after the page has drawn two more frames: effects and animation-frame callbacks queued so far have run. */
export const twoFrames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  response: Response | null;
  /** Console errors and warnings, uncaught exceptions and CSP violations, in order. */
  problems: string[];
}

export interface OpenOptions {
  /** Another server than the production one (the Vite dev server). */
  origin?: string;
  /** Wait for the site's hydration mark; off for pages that are not the site (the block gallery). */
  waitForHydration?: boolean;
  /** Runs in the page before any of its own scripts (to observe what happens during load). */
  initScript?: () => void;
  /** Device pixels per CSS pixel (2 for most phones); 1 by default. */
  deviceScaleFactor?: number;
}

export async function openPage(browser: Browser, path: string, viewport = { width: 1280, height: 800 }, options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await newContext(browser, { viewport, deviceScaleFactor: options.deviceScaleFactor ?? 1 });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  if (options.initScript) await page.addInitScript(options.initScript);
  const response = await page.goto((options.origin ?? baseUrl()) + path);
  if (options.waitForHydration !== false) await page.waitForSelector('html[data-hydrated]');
  return { page, context, response, problems };
}

/**
 * Scrolls to an island (a block that hydrates, `data-island`) as a visitor would before using it, and waits until
 * it is hydrated: a `visible` island hydrates only as it nears the viewport.
 */
export async function scrollToIsland(page: Page, rootSelector: string): Promise<void> {
  await page.locator(rootSelector).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${rootSelector}[data-hydrated]`);
}
