/**
 * The picture library of the page editor, used as a content editor would, in Chromium against the real dev server
 * on a copy of the project: it offers the site's photographs and illustrations only, searched by name and chosen by
 * keyboard; a photograph uploaded with the file picker or dropped on it lands in public/images/, fills the field and
 * shows in the preview, and the dev server's image endpoint serves it resized; a file that is no picture is refused
 * in words and writes nothing; axe finds nothing on the open library.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { PLACEHOLDER_PICTURE } from '../../src/editor/shared/placeholder-text';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { syntheticPhotograph } from '../../scripts/images/synthetic-photograph';
import { UI_TIMEOUT } from '../timeouts';
import { PAGE_PREVIEW } from './editor-frames';
import { launchBrowser, newContext } from './browser';
import { startDevProject, type DevProject } from '../../scripts/dev-project';
import { editorAxeViolations } from './editor-axe.ts';

let project: DevProject;
let browser: Browser;
let context: BrowserContext | undefined;
let aboutFile: string;
let aboutOriginal: string;
const scratch = path.join(tmpdir(), `editor-pictures-${process.pid}`);

const uploaded = async () => (await readdir(path.join(project.dir, 'public/images'))).filter((f) => f !== 'our-story.jpg').sort();

/** /about in the editor, with the "About the company" block (whose picture is /images/our-story.jpg) selected. */
async function openStoryBlock(): Promise<Page> {
  context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${project.origin}/__edit?path=/about`);
  await page.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });
  await page.frameLocator(PAGE_PREVIEW).locator('html[data-preview-ready]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  await page.locator('button', { hasText: '#who-we-are' }).click();
  return page;
}

const library = (page: Page) => page.getByRole('dialog', { name: /^Picture library/ });
const tiles = (page: Page) => library(page).locator('ul button');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? (document.activeElement as HTMLInputElement | null)?.value);

async function openLibrary(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Change picture…' }).click();
  await library(page).waitFor({ timeout: UI_TIMEOUT });
}

describe('the picture library in the page editor', () => {
  beforeAll(async () => {
    project = await startDevProject('editor-pictures-');
    browser = await launchBrowser();
    aboutFile = path.join(project.dir, 'pages/about.json');
    aboutOriginal = await readFile(aboutFile, 'utf8');
    await rm(scratch, { recursive: true, force: true });
    await mkdir(scratch, { recursive: true });
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    await writeFile(aboutFile, aboutOriginal);
    for (const file of await uploaded()) await rm(path.join(project.dir, 'public/images', file));
  });

  afterAll(async () => {
    await browser?.close();
    await project?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('offers only the photographs and illustrations, searched by name, chosen by keyboard; Escape gives focus back', async () => {
    const page = await openStoryBlock();
    await openLibrary(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    const offered = await tiles(page).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-src')));
    // Every illustration but the new block's placeholder, and the photograph.
    const illustrations = (await readdir(path.join(project.dir, 'public/illustrations'), { recursive: true })).filter((f) => f.endsWith('.svg') && `/illustrations/${f}` !== PLACEHOLDER_PICTURE.src);
    expect(offered).toHaveLength(illustrations.length + 1);
    expect(offered).not.toContain(PLACEHOLDER_PICTURE.src);
    expect(offered[0]).toBe('/images/our-story.jpg');
    expect(offered.filter((src) => !/^\/(images|illustrations)\//.test(src ?? ''))).toEqual([]);

    // The arrows move between pictures; a search keeps what matches every word.
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toMatch(/^our-story\.jpg/);
    await page.keyboard.press('ArrowRight');
    expect(await focusedText(page)).toMatch(/^ai-analytics\.svg/);
    // Up and down go by rows, as many tiles as the window fits; End to the last.
    const columns = await tiles(page).evaluateAll((buttons) => buttons.filter((b) => b.getBoundingClientRect().top === buttons[0]!.getBoundingClientRect().top).length);
    const focusedSrc = () => page.evaluate(() => document.activeElement?.getAttribute('data-src'));
    await page.keyboard.press('ArrowDown');
    expect(await focusedSrc()).toBe(offered[1 + columns]);
    await page.keyboard.press('ArrowUp');
    expect(await focusedSrc()).toBe(offered[1]);
    await page.keyboard.press('End');
    expect(await focusedSrc()).toBe(offered.at(-1));
    await library(page).getByRole('searchbox', { name: 'Search by name' }).fill('sectors food');
    await expect.poll(() => tiles(page).count(), { timeout: UI_TIMEOUT }).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');

    await library(page).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const alt = page.getByRole('textbox', { name: 'Picture description', exact: true });
    await expect.poll(() => alt.evaluate((el) => el === document.activeElement), { timeout: UI_TIMEOUT }).toBe(true);
    // The old description is selected: it described another picture, and typing replaces it.
    expect(await alt.evaluate((el: HTMLTextAreaElement | HTMLInputElement) => el.selectionEnd! - el.selectionStart! === el.value.length && el.value.length > 0)).toBe(true);
    expect(await page.getByRole('spinbutton', { name: 'Width', exact: true }).inputValue()).toBe('72');
    await expect.poll(() => page.frameLocator(PAGE_PREVIEW).locator('img[src="/illustrations/sectors/food-dining.svg"]').count(), { timeout: UI_TIMEOUT }).toBe(1);

    await openLibrary(page);
    await page.keyboard.press('Escape');
    await library(page).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await focusedText(page)).toBe('Change picture…');
  });

  it('uploads a photograph with the file picker: into public/images/, the field and the preview, served resized', async () => {
    const page = await openStoryBlock();
    const file = path.join(scratch, 'Team Day (Lisbon).JPG');
    await writeFile(file, await syntheticPhotograph({ width: 1200, height: 800 }));
    await openLibrary(page);
    const chooser = page.waitForEvent('filechooser');
    await library(page).getByRole('button', { name: 'Upload a photograph…' }).click();
    await (await chooser).setFiles(file);

    await library(page).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await uploaded()).toEqual(['team-day-lisbon.jpg']);
    expect(await page.locator('[id$="-current"]').filter({ hasText: 'team-day-lisbon.jpg' }).textContent()).toBe('team-day-lisbon.jpgPhotograph · 1200\u00a0×\u00a0800');
    expect(await page.getByRole('spinbutton', { name: 'Height', exact: true }).inputValue()).toBe('800');
    // The new file under public/ did not reload the editor: its history is still there.
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    const inPreview = page.frameLocator(PAGE_PREVIEW).locator('img[src="/images/team-day-lisbon.jpg"]');
    await expect.poll(() => inPreview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth).catch(() => 0), { timeout: UI_TIMEOUT }).toBe(1200);

    // In the library from now on, first among the photographs and marked as this field's.
    await openLibrary(page);
    expect(await tiles(page).first().getAttribute('data-src')).toBe('/images/our-story.jpg');
    expect(await library(page).locator('button[aria-current="true"]').getAttribute('data-src')).toBe('/images/team-day-lisbon.jpg');
    await page.keyboard.press('Escape');

    // Saved, the page passes the content check, which measures the file as the build will.
    await page.keyboard.press('Control+s');
    await page.locator('[data-save-state="saved"]').waitFor({ timeout: UI_TIMEOUT });
    expect(await readFile(aboutFile, 'utf8')).toContain('"src": "/images/team-day-lisbon.jpg"');
    const { issues } = await validateContent({ root: project.dir });
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);

    // Through the image pipeline like any picture: the dev server's endpoint makes a phone's width of it.
    const resized = await fetch(`${project.origin}/_image?src=${encodeURIComponent('/images/team-day-lisbon.jpg')}&w=480&f=webp`);
    expect(resized.status).toBe(200);
    expect(await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });
  });

  it('takes a photograph dropped on the library', async () => {
    const page = await openStoryBlock();
    await openLibrary(page);
    const bytes = (await syntheticPhotograph({ width: 600, height: 400, format: 'png' })).toString('base64');
    await library(page).evaluate((dialog, data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'Dropped shot.png', { type: 'image/png' }));
      for (const type of ['dragenter', 'dragover', 'drop']) dialog.querySelector('ul')!.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }, bytes);
    await library(page).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await uploaded()).toEqual(['dropped-shot.png']);
    expect(await page.getByRole('spinbutton', { name: 'Width', exact: true }).inputValue()).toBe('600');
  });

  it('refuses a .jpg that is text, says so in the library, and writes nothing', async () => {
    const page = await openStoryBlock();
    const file = path.join(scratch, 'notes.jpg');
    await writeFile(file, 'Meeting notes, not a photograph.\n'.repeat(50));
    await openLibrary(page);
    const chooser = page.waitForEvent('filechooser');
    await library(page).getByRole('button', { name: 'Upload a photograph…' }).click();
    await (await chooser).setFiles(file);
    const alert = library(page).getByRole('alert');
    await expect.poll(() => alert.textContent().catch(() => ''), { timeout: UI_TIMEOUT }).toBe('Not uploaded: “notes.jpg” is not a picture the site can use: its content is no image. Choose a photograph saved as JPEG, PNG, WebP or AVIF.');
    expect(await uploaded()).toEqual([]);
    expect(await page.getByRole('spinbutton', { name: 'Width', exact: true }).inputValue()).toBe('2400');
  });

  it('passes axe (WCAG 2.2 AA) with the library open', async () => {
    const page = await openStoryBlock();
    await openLibrary(page);
    await library(page).getByRole('searchbox', { name: 'Search by name' }).fill('nothing like this');
    await library(page)
      .getByText(/No picture’s name has/)
      .waitFor({ timeout: UI_TIMEOUT });
    await library(page).getByRole('searchbox', { name: 'Search by name' }).fill('');
    expect(await editorAxeViolations(page)).toEqual([]);
  });
});
