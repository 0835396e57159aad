/**
 * A JSON syntax error in a page document or in pages.json reaches the editor in `npm run dev`: Vite's error
 * overlay names the file and line, and the page says in words that it could not be loaded (never blank).
 * The dev server runs on a copy of the repository in a temporary folder, so the real files stay untouched.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TIMEOUT } from '../timeouts';
import { launchBrowser, openPage } from './browser';
import { startDevProject, type DevProject } from '../../scripts/dev-project';

/** Writes `broken` over `text`'s first `find`, and returns the 1-based line the syntax error is on. */
function breakJson(text: string, find: string): { broken: string; line: number } {
  const at = text.indexOf(find);
  expect(at, `the file contains ${find}`).toBeGreaterThan(-1);
  return { broken: `${text.slice(0, at + find.length)} "oops",${text.slice(at + find.length)}`, line: text.slice(0, at).split('\n').length };
}

/** The overlay's text (message and file line), once it names `expected`. */
async function overlayText(page: Page, expected: string): Promise<string> {
  const read = () =>
    page.evaluate(() => {
      const shadow = document.querySelector('vite-error-overlay')?.shadowRoot;
      return shadow ? ['.message-body', '.file'].map((s) => shadow.querySelector(s)?.textContent ?? '').join('\n') : '';
    });
  await page
    .waitForFunction(
      (text) => {
        const shadow = document.querySelector('vite-error-overlay')?.shadowRoot;
        return Boolean(shadow && ['.message-body', '.file'].some((s) => shadow.querySelector(s)?.textContent?.includes(text)));
      },
      expected,
      // Vite compiles the page's modules on first request, on a cold server.
      { timeout: 2 * UI_TIMEOUT },
    )
    .catch(async () => {
      throw new Error(`the overlay never named ${expected}; it showed: ${(await read()) || 'no overlay'}`);
    });
  return read();
}

describe('dev server: syntax errors in content reach the overlay with file:line', () => {
  let project: DevProject;
  let browser: Browser;
  let origin: string;
  let copy: string;

  beforeAll(async () => {
    project = await startDevProject('dev-overlay-');
    ({ origin, dir: copy } = project);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await project?.close();
  });

  it.each([
    ['a page document', 'pages/about.json', '/about', '"title"'],
    ['pages.json', 'pages.json', '/', '"routes"'],
  ])('%s: the overlay shows file:line and the page says it could not be loaded', async (_what, rel, route, find) => {
    const file = path.join(copy, rel);
    const original = await readFile(file, 'utf8');
    const { broken, line } = breakJson(original, find);
    await writeFile(file, broken);
    try {
      const { page, context } = await openPage(browser, route, undefined, { origin, waitForHydration: false });
      try {
        const text = await overlayText(page, `${rel}:${line}:`);
        expect(text).toContain('JSON syntax error');
        expect(text).not.toContain('[object Object]');
        // Behind the overlay, the page is not blank.
        await page.waitForSelector('[data-load-failure]');
        expect(await page.locator('[data-load-failure] h1').textContent()).toBe('This page could not be loaded');
      } finally {
        await context.close();
      }
    } finally {
      await writeFile(file, original);
    }
  });
});
