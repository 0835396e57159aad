/**
 * The editor's fields and words, as a marketing editor meets them, in Chromium against the real dev server on a
 * copy of the project: every kind of field keeps its focus and every keystroke (a block's own id included); a
 * block inserted from the catalogue is a skeleton, not another page's copy, and its placeholder text is reported
 * until it is replaced; a second h1 block is an error; the problem list names blocks and fields in words.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UI_TIMEOUT } from '../timeouts';
import { PAGE_PREVIEW } from './editor-frames';
import { saveAndWait } from './editor-tab';
import { launchBrowser, newContext } from './browser';
import { startDevProject, type DevProject } from '../../scripts/dev-project';
import { validateContent } from '../../scripts/content-check/validate-content';

let project: DevProject;
let browser: Browser;
let context: BrowserContext | undefined;
let aboutOriginal: string;
let siteOriginal: string;
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

/** Every string in a JSON value. */
const stringsOf = (value: unknown): string[] => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(stringsOf) : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : []);

/** Adds a block at the end from the catalogue: its choice named as `choice` says, chosen with Enter. */
async function insertFromCatalogue(page: Page, choice: RegExp) {
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
  const catalogue = page.getByRole('dialog', { name: /Add a block/ });
  await catalogue.getByRole('option', { name: choice }).first().focus();
  await page.keyboard.press('Enter');
  await catalogue.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

describe('words and fields in the editor', () => {
  beforeAll(async () => {
    project = await startDevProject('editor-words-');
    browser = await launchBrowser();
    aboutOriginal = await readFile(aboutFile(), 'utf8');
    siteOriginal = await readFile(path.join(project.dir, 'pages.json'), 'utf8');
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    await writeFile(aboutFile(), aboutOriginal);
    await writeFile(path.join(project.dir, 'pages.json'), siteOriginal);
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
    const routes = (JSON.parse(await readFile(path.join(project.dir, 'pages.json'), 'utf8')) as { routes: Array<{ page: string }> }).routes;
    await typeInto(page, `site/routes/${routes.findIndex((r) => r.page === 'about')}/path`, '/about-us');

    await saveAndWait(page);
    const saved = JSON.parse(await readFile(aboutFile(), 'utf8')) as { title: string; blocks: Array<{ id?: string; props: Record<string, unknown> }> };
    expect(saved.blocks.slice(0, 2).map((b) => b.id)).toEqual(['partner-hero', 'numbers']);
    expect(saved.blocks[1]!.props.items).toEqual(expect.arrayContaining([{ value: 1234, suffix: 'k+', label: 'years of experience' }]));
    expect(saved.title).toBe('About the company and its people');
    expect(JSON.parse(await readFile(path.join(project.dir, 'pages.json'), 'utf8'))).toMatchObject({ redirects: expect.arrayContaining([{ from: '/about', to: '/about-us' }]) });
  });

  it("inserts a skeleton, not another page's copy: its placeholders are warnings in the editor, the CLI and the dev overlay", async () => {
    const others = new Set<string>();
    for (const name of await readdir(path.join(project.dir, 'pages'))) for (const text of stringsOf(JSON.parse(await readFile(path.join(project.dir, 'pages', name), 'utf8')))) others.add(text);
    const page = await openEditor();
    const count = await page.locator('[data-outline-entry]').count();
    await insertFromCatalogue(page, /^(faq|Questions and answers)/);
    await expect.poll(() => page.locator('[data-outline-entry]').count(), { timeout: UI_TIMEOUT }).toBe(count + 1);
    await expect.poll(() => page.getByTestId('problem-count').textContent(), { timeout: UI_TIMEOUT }).toMatch(/^\d+ warnings$/);
    await page.getByTestId('problem-count').click();
    // Named in words (block title, field label); the check's own path stays in the tooltip for developers.
    const first = page.locator('#problem-list li button').first();
    expect(await first.textContent()).toMatch(/^Warning Questions and answers \(block \d+\) › Heading: placeholder text left in this field/);
    expect(await first.getAttribute('title')).toMatch(/^pages\/about\.json:\d+:\d+ {2}blocks\[\d+\] \(faq\) › props\.heading$/);
    // The block's own list names the field alone, under the block's title and anchor.
    expect(await page.locator('#form-title').textContent()).toBe('Questions and answers Anchor #faq');
    expect(await page.locator('section[aria-labelledby="form-title"] li button').first().textContent()).toMatch(/^Warning Heading: placeholder text left/);

    // A new block's anchor, typed: every character stays.
    await typeInto(page, `page/blocks/${count}/id`, 'partner-faq');
    await saveAndWait(page);
    const blocks = (JSON.parse(await readFile(aboutFile(), 'utf8')) as { blocks: unknown[] }).blocks;
    const inserted = blocks.at(-1) as { type: string; id: string; props: unknown };
    expect([inserted.type, inserted.id]).toEqual(['faq', 'partner-faq']);
    const sentences = stringsOf(inserted.props).filter((text) => text.includes(' '));
    expect(sentences.length).toBeGreaterThan(0);
    expect(sentences.filter((text) => others.has(text))).toEqual([]);

    const { issues } = await validateContent({ root: project.dir });
    const placeholders = issues.filter((i) => i.rule === 'placeholder-text');
    expect(placeholders.length).toBeGreaterThan(0);
    for (const issue of placeholders) expect([issue.severity, issue.file, issue.line > 1, issue.column > 1]).toEqual(['warning', 'pages/about.json', true, true]);

    const site = await context!.newPage();
    await site.goto(`${project.origin}/about`);
    const notice = site.locator('[data-content-warnings]');
    await notice.waitFor({ timeout: UI_TIMEOUT });
    expect(await notice.textContent()).toMatch(/pages\/about\.json:\d+:\d+ {2}blocks\[\d+\] \(faq\) › props\.heading: placeholder text left in this field/);
  });

  it('counts a second h1 block as an error, and will not save it', async () => {
    const page = await openEditor();
    await insertFromCatalogue(page, /^(hero|Home page opening)/);
    await expect.poll(() => page.getByTestId('problem-count').textContent(), { timeout: UI_TIMEOUT }).toMatch(/^1 error, \d+ warnings$/);
    await page.getByTestId('problem-count').click();
    expect(await page.locator('#problem-list').textContent()).toContain("a second h1 on this page: Page opening (block 1) already shows the page's heading");
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.locator('[data-save-state]').textContent(), { timeout: UI_TIMEOUT }).toMatch(/^Not saved: 1 error/);
    expect(await readFile(aboutFile(), 'utf8')).toBe(aboutOriginal);
  });
});
