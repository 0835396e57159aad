/**
 * The editor's fields and words, as a marketing editor meets them, in Chromium against the real dev server on a
 * copy of the project: every kind of field keeps its focus and every keystroke (a block's own id included); a
 * block inserted from the catalogue is a skeleton, not another page's copy, and its placeholder text is reported
 * until it is replaced; a second h1 block is an error; the problem list names blocks and fields in words.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UI_TIMEOUT } from '../timeouts';
import { PAGE_PREVIEW } from './editor-frames';
import { launchBrowser, newContext } from './browser';
import { startDevProject, type DevProject } from '../../scripts/dev-project';

let project: DevProject;
let browser: Browser;
let context: BrowserContext | undefined;
let aboutOriginal: string;
const aboutFile = () => path.join(project.dir, 'pages/about.json');

async function openEditor(route = '/about', width = 1440): Promise<Page> {
  context = await newContext(browser, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${project.origin}/__edit?path=${encodeURIComponent(route)}`);
  await page.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });
  await page.frameLocator(PAGE_PREVIEW).locator('html[data-preview-ready]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  return page;
}

/** The control that edits a path ("page/blocks/0/id"), by the id the form gives it. */
const field = (page: Page, key: string) => page.locator(`#field-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`);

/** Empties the field and types `text` key by key; it must keep the focus and every character. */
async function typeInto(page: Page, key: string, text: string) {
  const control = field(page, key);
  await control.click();
  await control.press('Control+a');
  await control.press('Delete');
  await page.keyboard.type(text, { delay: 15 });
  expect(await control.inputValue(), key).toBe(text);
  expect(await page.evaluate(() => document.activeElement?.id), `${key} kept the focus`).toBe(await control.getAttribute('id'));
}

const selectBlock = (page: Page, index: number) => page.locator('[data-outline-entry]').nth(index).click();

describe('words and fields in the editor', () => {
  beforeAll(async () => {
    project = await startDevProject('editor-words-');
    browser = await launchBrowser();
    aboutOriginal = await readFile(aboutFile(), 'utf8');
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    await writeFile(aboutFile(), aboutOriginal);
  });

  afterAll(async () => {
    await browser?.close();
    await project?.close();
  });

  it('keeps the focus and every keystroke in every kind of field, the block id included', async () => {
    const page = await openEditor();
    await selectBlock(page, 0);
    await typeInto(page, 'page/blocks/0/id', 'partner-hero');
    await typeInto(page, 'page/blocks/0/props/heading', 'About our partners');
    await typeInto(page, 'page/blocks/0/props/text', 'Two lines\nof text');
    await expect.poll(() => page.locator('[data-outline-entry]').first().textContent(), { timeout: UI_TIMEOUT }).toContain('partner-hero');

    await selectBlock(page, 1);
    await typeInto(page, 'page/blocks/1/id', 'numbers');
    await typeInto(page, 'page/blocks/1/props/items/0/value', '1234');
    await typeInto(page, 'page/blocks/1/props/items/0/suffix', 'k+');

    await selectBlock(page, 2);
    await typeInto(page, 'page/blocks/2/props/highlights/0', 'A team of our own');
    await typeInto(page, 'page/blocks/2/props/image/alt', 'Our office in the morning');
    await typeInto(page, 'page/blocks/2/props/link/href', '/careers');

    await page.getByRole('button', { name: /^Page settings/ }).click();
    await typeInto(page, 'page/title', 'About the company and its people');

    await page.keyboard.press('Control+s');
    await page
      .locator('[data-save-state="saved"]')
      .waitFor({ timeout: UI_TIMEOUT })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe editor said: ${await page.locator('[data-save-state]').textContent()}`);
      });
    const saved = JSON.parse(await readFile(aboutFile(), 'utf8')) as { title: string; blocks: Array<{ id?: string; props: Record<string, unknown> }> };
    expect(saved.blocks.slice(0, 2).map((b) => b.id)).toEqual(['partner-hero', 'numbers']);
    expect(saved.blocks[1]!.props.items).toEqual(expect.arrayContaining([{ value: 1234, suffix: 'k+', label: 'years of experience' }]));
    expect(saved.title).toBe('About the company and its people');
  });
});
