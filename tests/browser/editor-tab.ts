/**
 * A tab of the page editor (/__edit) on a dev project, as the building and outline tests open it: every console
 * error and uncaught exception of the tab (its frames included) is kept in `problems`.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { UI_TIMEOUT } from '../timeouts';
import { PAGE_PREVIEW } from './editor-frames';
import { newContext } from './browser';

export interface EditorTab {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

/** Opens `url` of `origin` and waits for the editor, or for the list of pages with its new-page form. */
export async function openEditorTab(browser: Browser, origin: string, url: string, viewport = { width: 1440, height: 900 }): Promise<EditorTab> {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.goto(origin + url);
  await page.waitForSelector('html[data-editor-ready], form[aria-labelledby="new-page-heading"]', { timeout: UI_TIMEOUT });
  return { page, context, problems };
}

/** Opens the editor of `route` and waits until its preview shows the page. */
export async function openPageEditor(browser: Browser, origin: string, route: string, viewport?: { width: number; height: number }): Promise<EditorTab> {
  const tab = await openEditorTab(browser, origin, `/__edit?path=${encodeURIComponent(route)}`, viewport);
  await tab.page.frameLocator(PAGE_PREVIEW).locator('html[data-preview-ready]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  return tab;
}

/** The outline's block entries as they read ("⠿Questions and answersAnchor #faq"), top to bottom. */
export const outlineEntries = (page: Page) => page.locator('nav ol [data-outline-entry]').allTextContents();
/** The outline's entries by name only: a problem count may come and go as the page's check comes back. */
export const namedEntries = async (page: Page) => (await outlineEntries(page)).map((entry) => entry.replace(/\d+ problems?$/, ''));

/** Saves with Ctrl+S and waits for "saved"; a failure says what the editor said instead. */
export async function saveAndWait(page: Page): Promise<void> {
  await page.keyboard.press('Control+s');
  await page
    .locator('[data-save-state="saved"]')
    .waitFor({ timeout: UI_TIMEOUT })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe editor said: ${await page.locator('[data-save-state]').textContent()}`);
    });
}
