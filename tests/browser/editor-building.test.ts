/**
 * Building pages in the editor (/__edit), as a content editor would, in Chromium against the real dev
 * server on a copy of the project: add a block from the catalogue, move it, remove it (the file stays byte
 * for byte as it was); edit a fragment and the site header (pages.json); create a page, which the dev server
 * then serves; rename a path, which leaves a redirect from the old one.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { UI_TIMEOUT } from '../timeouts';
import { PAGE_PREVIEW } from './editor-frames';
import { launchBrowser, newContext } from './browser';
import { startDevProject, type DevProject } from '../../scripts/dev-project';

const KEPT = ['pages.json', 'pages/about.json', 'pages/careers.json'];

let project: DevProject;
let browser: Browser;
let context: BrowserContext | undefined;
const originals = new Map<string, string>();

const read = (file: string) => readFile(path.join(project.dir, file), 'utf8');

async function open(url: string): Promise<Page> {
  context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(project.origin + url);
  await page.waitForSelector('html[data-editor-ready], form[aria-labelledby="new-page-heading"]', { timeout: UI_TIMEOUT });
  return page;
}

async function openEditor(route: string): Promise<Page> {
  const page = await open(`/__edit?path=${encodeURIComponent(route)}`);
  await page.frameLocator(PAGE_PREVIEW).locator('html[data-preview-ready]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  return page;
}

const outlineEntries = (page: Page) => page.locator('nav ol [data-outline-entry]').allTextContents();

async function saveAndWait(page: Page) {
  await page.keyboard.press('Control+s');
  await page
    .locator('[data-save-state="saved"]')
    .waitFor({ timeout: UI_TIMEOUT })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe editor said: ${await page.locator('[data-save-state]').textContent()}`);
    });
}

async function expectValid() {
  const { issues } = await validateContent({ root: project.dir });
  expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
}

describe('building pages in the editor', () => {
  beforeAll(async () => {
    project = await startDevProject('editor-building-');
    browser = await launchBrowser();
    for (const file of KEPT) originals.set(file, await read(file));
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    for (const [file, text] of originals) await writeFile(path.join(project.dir, file), text);
    await rm(path.join(project.dir, 'pages/partners.json'), { force: true });
  });

  afterAll(async () => {
    await browser?.close();
    await project?.close();
  });

  it('adds an FAQ, moves it up, removes it: nothing to save, the file as it was', async () => {
    const page = await openEditor('/about');
    const before = await outlineEntries(page);
    await page.getByRole('button', { name: 'Add block', exact: true }).click();
    const catalogue = page.getByRole('dialog', { name: /Add a block/ });
    await catalogue.getByRole('button', { name: 'faq', exact: true }).focus();
    await catalogue.getByRole('button', { name: 'Insert faq' }).click();
    expect(await outlineEntries(page)).toEqual([...before, '⠿Questions and answersAnchor #faq']);
    await page.frameLocator(PAGE_PREVIEW).locator('[data-block="faq"]').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.locator('#form-title').textContent()).toMatch(/^Questions and answers/);

    await page.getByRole('button', { name: 'Move up', exact: true }).click();
    expect((await outlineEntries(page)).at(-2)).toBe('⠿Questions and answersAnchor #faq');
    await page
      .locator('[data-outline-entry]')
      .nth(before.length - 1)
      .press('Alt+ArrowUp');
    expect((await outlineEntries(page)).at(-3)).toBe('⠿Questions and answersAnchor #faq');
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    expect(await outlineEntries(page)).toEqual(before);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await read('pages/about.json')).toBe(originals.get('pages/about.json'));

    await page.keyboard.press('Control+z');
    expect(await outlineEntries(page)).toContain('⠿Questions and answersAnchor #faq');
    await saveAndWait(page);
    expect(await read('pages/about.json')).toContain('"type": "faq"');
    await expectValid();
  });

  it('closes the catalogue with Escape or a click beside it, and gives focus back to the button that opened it', async () => {
    const page = await openEditor('/about');
    const add = page.getByRole('button', { name: 'Add block', exact: true });
    const catalogue = page.getByRole('dialog', { name: /Add a block/ });
    await add.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"], dialog') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await catalogue.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add block');
    await add.click();
    await catalogue.waitFor({ timeout: UI_TIMEOUT });
    await page.mouse.click(10, 890);
    await catalogue.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    expect(await read('pages/about.json')).toBe(originals.get('pages/about.json'));
  });

  it('moves a block by drag and drop in the outline', async () => {
    const page = await openEditor('/about');
    const before = await outlineEntries(page);
    await page.locator('[data-outline-entry]').nth(3).dragTo(page.locator('[data-outline-entry]').nth(0));
    expect(await outlineEntries(page)).toEqual([before[3], ...before.slice(0, 3), ...before.slice(4)]);
  });

  it('edits a shared fragment in pages.json, saying which pages it reaches', async () => {
    const page = await openEditor('/about');
    await page.getByRole('button', { name: 'Call to action, Shared section “closing-banner”', exact: true }).click();
    expect(await page.getByRole('note').textContent()).toMatch(/shown on \d+ pages \(.*about.*\)/);
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('Ready when you are');
    await expect.poll(() => page.frameLocator(PAGE_PREVIEW).locator('[data-block="closing-banner"] h2').textContent(), { timeout: UI_TIMEOUT }).toBe('Ready when you are');
    await saveAndWait(page);
    const changed = (await read('pages.json')).split('\n').filter((line, i) => line !== originals.get('pages.json')!.split('\n')[i]);
    expect(changed).toEqual([expect.stringContaining('"heading": "Ready when you are"')]);
    expect(await read('pages/about.json')).toBe(originals.get('pages/about.json'));
  });

  it('edits the site header from the Site entry', async () => {
    const page = await open('/__edit');
    await page.getByRole('link', { name: 'Site header and footer' }).click();
    await page.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });
    expect(await page.locator('#form-title').textContent()).toBe('Site header');
    const cta = page.getByRole('group', { name: 'Button', exact: true }).getByRole('textbox', { name: 'Label', exact: true });
    await cta.fill('Talk to us');
    await expect.poll(() => page.frameLocator(PAGE_PREVIEW).locator('[data-block="site-header"]').textContent(), { timeout: UI_TIMEOUT }).toContain('Talk to us');
  });

  it('creates /partners: the document and its route are written, the dev server serves it, validate passes', async () => {
    const page = await open('/__edit');
    await page.getByRole('textbox', { name: 'File name' }).fill('partners');
    await page.getByRole('textbox', { name: 'Path' }).fill('/partners');
    await page.getByRole('textbox', { name: 'Title' }).fill('Partners | Example Outsourcing');
    await page.getByRole('textbox', { name: 'Description' }).fill('The technology and consulting partners we build support desks, back offices and software with.');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/__edit\?path=%2Fpartners$/, { timeout: UI_TIMEOUT }).catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe form said: ${await page.locator('form').textContent()}`);
    });
    await page.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });

    const doc = JSON.parse(await read('pages/partners.json')) as { $schema: string; blocks: Array<{ type?: string; fragment?: string }> };
    expect(doc.$schema).toBe('../schemas/page.schema.json');
    expect(doc.blocks).toEqual([expect.objectContaining({ type: 'page-hero' }), { fragment: 'closing-banner' }]);
    expect((JSON.parse(await read('pages.json')) as { routes: unknown[] }).routes).toContainEqual({ path: '/partners', page: 'partners' });
    await expectValid();

    const site = await context!.newPage();
    await site.goto(`${project.origin}/partners`);
    await expect.poll(() => site.locator('h1').first().textContent(), { timeout: UI_TIMEOUT }).toBe('Partners');
  });

  it('refuses a taken path and a duplicate title as they are typed', async () => {
    const page = await open('/__edit');
    await page.getByRole('textbox', { name: 'File name' }).fill('partners');
    await page.getByRole('textbox', { name: 'Path' }).fill('/careers');
    expect(await page.locator('#new-page-path-issues').textContent()).toBe('/careers already shows another page. Choose a free path.');
    const careersTitle = (JSON.parse(originals.get('pages/careers.json')!) as { title: string }).title;
    await page.getByRole('textbox', { name: 'Title' }).fill(careersTitle);
    await expect.poll(() => page.locator('#new-page-title-issues').textContent(), { timeout: UI_TIMEOUT }).toMatch(/^the same title as pages\/careers\.json/);
  });

  it('renames /careers to /jobs with a redirect from /careers in the same save', async () => {
    const page = await openEditor('/careers');
    await page.getByRole('textbox', { name: 'Path', exact: true }).fill('/jobs');
    expect(await page.locator('h1').textContent()).toBe('/jobs');
    await saveAndWait(page);
    const site = JSON.parse(await read('pages.json')) as { routes: Array<{ path: string; page: string }>; redirects: Array<{ from: string; to: string }> };
    expect(site.routes).toContainEqual({ path: '/jobs', page: 'careers' });
    expect(site.routes.some((r) => r.path === '/careers')).toBe(false);
    expect(site.redirects).toContainEqual({ from: '/careers', to: '/jobs' });
    await expectValid();
  });

  it('removes the /careers route after asking where it redirects, in one save', async () => {
    const page = await openEditor('/careers');
    await page.getByRole('button', { name: "Remove this page's route" }).click();
    await page.getByRole('combobox', { name: 'Where should its path redirect?' }).selectOption('/about');
    await page.getByRole('button', { name: 'Remove the route and redirect' }).click();
    await saveAndWait(page);
    const site = JSON.parse(await read('pages.json')) as { routes: Array<{ path: string }>; redirects: Array<{ from: string; to: string }> };
    expect(site.routes.some((r) => r.path === '/careers')).toBe(false);
    expect(site.redirects).toContainEqual({ from: '/careers', to: '/about' });
    await expectValid();
  });
});
