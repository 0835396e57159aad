/**
 * The page editor (/__edit) as a content editor uses it, in Chromium against the real dev server on a copy of
 * the project: a change shows in the preview and saves as a one-line diff; a mistake shows beside its field
 * and nothing is written; undo; a change on disk reaches the open editor; unsaved edits and their undo survive a
 * reload, and a discard can be undone; a click in the preview selects the block; axe finds nothing on the editor.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { UI_TIMEOUT } from '../timeouts';
import { PAGE_PREVIEW } from './editor-frames';
import { newContext } from './browser';
import { aboutEditorProject } from './editor-about-project';
import { editorAxeViolations } from './editor-axe.ts';

const setting = aboutEditorProject('editor-');

async function openEditor(route = '/about'): Promise<Page> {
  setting.context = await newContext(setting.browser, { viewport: { width: 1440, height: 900 } });
  const page = await setting.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${setting.project.origin}/__edit?path=${encodeURIComponent(route)}`);
  await page.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });
  await page.frameLocator(PAGE_PREVIEW).locator('html[data-preview-ready]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  expect(problems).toEqual([]);
  return page;
}

const status = (page: Page) => page.locator('[role="status"][data-save-state]');

function changedLines(before: string, after: string): Array<[string, string]> {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length, 'the save added or removed lines').toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!] as [string, string]]));
}

describe('the page editor in the dev server', () => {
  it("lists every route and opens one, with no History (the studio's)", async () => {
    setting.context = await newContext(setting.browser);
    const page = await setting.context.newPage();
    await page.goto(`${setting.project.origin}/__edit`);
    await page.getByRole('link', { name: '/careers', exact: true }).click();
    await page.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });
    await expect.poll(() => page.locator('h1').textContent(), { timeout: UI_TIMEOUT }).toBe('/careers');
    expect(await page.locator('header').getByText('pages/careers.json').count()).toBe(1);
    // Versions are the studio's (git); the dev server keeps none, so it offers no History.
    expect(await page.getByRole('button', { name: 'History' }).count()).toBe(0);
  });

  it('shows a changed heading in the preview and saves it as a one-line diff that validates; an open tab of the site shows it, the editor stays', async () => {
    const page = await openEditor();
    const siteTab = await setting.context!.newPage();
    await siteTab.goto(`${setting.project.origin}/about`);
    await expect.poll(() => siteTab.locator('h1').textContent(), { timeout: UI_TIMEOUT }).toBe('About Us');
    await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
    await heading.fill('About our company');
    await expect.poll(() => page.frameLocator(PAGE_PREVIEW).locator('h1').textContent(), { timeout: UI_TIMEOUT }).toBe('About our company');
    await page.keyboard.press('Control+s');
    await page.locator('[data-save-state="saved"]').waitFor({ timeout: UI_TIMEOUT });

    const saved = await readFile(setting.aboutFile, 'utf8');
    expect(changedLines(setting.aboutOriginal, saved)).toEqual([[expect.stringContaining('"heading": "About Us"'), expect.stringContaining('"heading": "About our company"')]]);
    const { issues } = await validateContent({ root: setting.project.dir });
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(await status(page).textContent()).toBe('Saved.');
    await expect.poll(() => siteTab.locator('h1').textContent(), { timeout: UI_TIMEOUT }).toBe('About our company');
    // The editor was not reloaded by its own save: its history is still there.
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
  });

  it('shows a too-short title beside its field, refuses to save it, and undoes it', async () => {
    const page = await openEditor();
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    const original = await title.inputValue();
    await title.fill('Too short');
    const message = page.locator('#field-page_title-issues');
    await expect.poll(() => message.textContent(), { timeout: UI_TIMEOUT }).toMatch(/at least 10 characters/);
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('problem-count').textContent()).toBe('1 error');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-save-state="invalid"]').waitFor({ timeout: UI_TIMEOUT });
    expect(await status(page).textContent()).toMatch(/^Not saved: 1 error to fix first\. The files were left as they were\.$/);
    expect(await readFile(setting.aboutFile, 'utf8')).toBe(setting.aboutOriginal);

    await page.keyboard.press('Control+z');
    expect(await title.inputValue()).toBe(original);
    await expect.poll(() => page.getByTestId('problem-count').textContent(), { timeout: UI_TIMEOUT }).toBe('No problems');
    await page.keyboard.press('Control+Shift+z');
    expect(await title.inputValue()).toBe('Too short');
  });

  it('follows a change made on disk to a page it has no edits in (with edits, it merges: editor-merge.test.ts)', async () => {
    const page = await openEditor();
    await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
    await writeFile(setting.aboutFile, setting.aboutOriginal.replace('"heading": "About Us"', '"heading": "About Us, from disk"'));
    await expect.poll(() => heading.inputValue(), { timeout: UI_TIMEOUT }).toBe('About Us, from disk');
    expect(await page.locator('[data-dirty]').count()).toBe(0);
  });

  it('keeps unsaved edits and their undo across a reload, merges a change made on disk meanwhile, and undoes a discard', async () => {
    const page = await openEditor();
    await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
    await heading.fill('A heading not saved yet');
    await page.locator('[data-dirty]').waitFor({ timeout: UI_TIMEOUT });
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('page-editor:history:')), undefined, { timeout: UI_TIMEOUT });
    page.on('dialog', (dialog) => void dialog.accept()); // "leave with unsaved changes?"
    await page.close();
    // Changed on disk while no editor was open: the draft, edited from the older version, merges with it.
    await writeFile(setting.aboutFile, setting.aboutOriginal.replace('"eyebrow": "About"', '"eyebrow": "About, from disk"'));

    const again = await setting.context!.newPage();
    await again.goto(`${setting.project.origin}/__edit?path=%2Fabout`);
    await again.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });
    await again.getByText('Your unsaved edits from an earlier visit were restored.').waitFor({ timeout: UI_TIMEOUT });
    expect(await status(again).textContent()).toMatch(/^The change on disk to .+ \(block 1\) › Line above the heading was merged\.$/);
    await again.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
    const restored = again.getByRole('textbox', { name: 'Heading', exact: true });
    expect(await restored.inputValue()).toBe('A heading not saved yet');
    expect(await again.getByRole('textbox', { name: 'Line above the heading', exact: true }).inputValue()).toBe('About, from disk');
    // Undo steps back over the merge, then over the edit made before the reload; redo comes back.
    await again.getByRole('button', { name: 'Undo', exact: true }).click();
    await again.getByRole('button', { name: 'Undo', exact: true }).click();
    expect(await restored.inputValue()).toBe('About Us');
    await again.getByRole('button', { name: 'Redo', exact: true }).click();
    await again.getByRole('button', { name: 'Redo', exact: true }).click();
    expect(await restored.inputValue()).toBe('A heading not saved yet');

    await again.getByRole('button', { name: 'Discard my edits' }).click();
    expect(await restored.inputValue()).toBe('About Us');
    await again.getByRole('status').filter({ hasText: 'Your edits were discarded' }).waitFor({ timeout: UI_TIMEOUT });
    await again.getByRole('button', { name: 'Undo discard' }).click();
    expect(await restored.inputValue()).toBe('A heading not saved yet');
    expect(await readFile(setting.aboutFile, 'utf8')).toBe(setting.aboutOriginal.replace('"eyebrow": "About"', '"eyebrow": "About, from disk"'));
  });

  it('selects the block clicked in the preview', async () => {
    const page = await openEditor();
    await page
      .frameLocator(PAGE_PREVIEW)
      .locator('[data-block="accordion"]')
      .click({ position: { x: 40, y: 40 } });
    await expect.poll(() => page.locator('nav [aria-current="true"]').textContent(), { timeout: UI_TIMEOUT }).toMatch(/^⠿Expandable listAnchor #values/);
    expect(await page.locator('#form-title').textContent()).toMatch(/^Expandable list/);
  });

  it("takes a problem of another block to its field: the block's form opens and the field has focus", async () => {
    const page = await openEditor();
    await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('');
    await page.getByRole('button', { name: /^Page settings/ }).click();
    await page.getByTestId('problem-count').click();
    await page
      .locator('#problem-list button', { hasText: /heading/i })
      .first()
      .click();
    await page.waitForFunction(() => /heading$/.test(document.activeElement?.id ?? ''), undefined, { timeout: UI_TIMEOUT });
    expect(await page.locator('#form-title').textContent()).toMatch(/^Page opening/);
  });

  it('says why a path cannot be opened, and leaves no preview loading behind it', async () => {
    setting.context = await newContext(setting.browser);
    const page = await setting.context.newPage();
    await page.goto(`${setting.project.origin}/__edit?path=%2Fno-such-page`);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: UI_TIMEOUT }).toBe('The editor could not open this page');
    expect(await page.getByRole('alert').textContent()).toBe('No route of pages.json shows /no-such-page. Pick a page from the list.');
    expect(await page.getByRole('link', { name: 'Back to the list of pages' }).getAttribute('href')).toBe('/__edit');
    await expect.poll(() => page.locator('iframe').count(), { timeout: UI_TIMEOUT }).toBe(0);
  });

  it('opens a page of 120 blocks: its preview frame loads once, its first screen shows, and the outline lists every block', async () => {
    const sitePath = path.join(setting.project.dir, 'pages.json');
    const siteOriginal = await readFile(sitePath, 'utf8');
    const about = JSON.parse(setting.aboutOriginal) as { blocks: Array<{ type: string; id?: string }> };
    // The page's opening once (a page has one h1), then About's other blocks (not its fragment) in turn.
    const [opening, ...rest] = about.blocks;
    const others = rest.filter((block) => block.type !== undefined);
    const blocks = [
      opening!,
      ...Array.from({ length: 119 }, (_, i) => {
        const block = others[i % others.length]!;
        return { ...block, id: `${block.id ?? block.type}-${i}` };
      }),
    ];
    const longPage = { title: 'Every block of About, again and again | Editor test', description: 'A long page for opening the editor on: one hundred and twenty blocks, those of the About page taken in turn.', blocks };
    await writeFile(path.join(setting.project.dir, 'pages/long-page.json'), `${JSON.stringify(longPage, null, 2)}\n`);
    const site = JSON.parse(siteOriginal) as { routes: unknown[] };
    site.routes.push({ path: '/long-page', page: 'long-page' });
    await writeFile(sitePath, `${JSON.stringify(site, null, 2)}\n`);
    try {
      setting.context = await newContext(setting.browser, { viewport: { width: 1440, height: 900 } });
      const page = await setting.context.newPage();
      const previewLoads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/__edit/preview') previewLoads.push(request.url());
      });
      await page.goto(`${setting.project.origin}/__edit?path=%2Flong-page`);
      await page.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });
      const preview = page.frameLocator(PAGE_PREVIEW);
      await preview.locator('html[data-preview-ready]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
      await expect.poll(() => preview.locator('main > [data-editor-index="0"] > [data-block]').count(), { timeout: UI_TIMEOUT }).toBe(1);
      await expect.poll(() => page.locator('[data-outline-entry]').count(), { timeout: UI_TIMEOUT }).toBe(120);
      expect(await page.locator('[data-outline-entry]').last().textContent()).toContain(`Anchor #${blocks[119]!.id}`);
      // Started before the editor's own modules, then moved into its pane: moved, not loaded a second time (nor
      // reloaded when the dev server sees the page file added above, which on a busy machine comes after the editor opened).
      expect(previewLoads).toHaveLength(1);
    } finally {
      await writeFile(sitePath, siteOriginal);
    }
  });

  it('stays as it is, not reloaded, when a page file is added or removed on disk (a git checkout, a new page made in another tab)', async () => {
    setting.context = await newContext(setting.browser, { viewport: { width: 1440, height: 900 } });
    const page = await setting.context.newPage();
    // What the dev server tells the editor, on whichever connection it has.
    const received: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => received.push(String(payload))));
    await page.goto(`${setting.project.origin}/__edit?path=%2Fabout`);
    await page.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });
    let navigations = 0;
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && navigations++));
    // A tab of the site: it loads the app's list of page files, which Vite would reload every tab to update.
    const siteTab = await setting.context.newPage();
    await siteTab.goto(`${setting.project.origin}/about`);
    await expect.poll(() => siteTab.locator('h1').textContent(), { timeout: UI_TIMEOUT }).toBe('About Us');

    const added = 'pages/added-on-disk.json';
    const told = (version: 'a version' | null) => received.some((m) => m.includes('"editor:file-changed"') && m.includes(`"file":"${added}"`) && (version === null) === m.includes('"version":null'));
    const reloads = () => received.filter((m) => m.includes('"type":"full-reload"')).length;
    const document = {
      title: 'A page added on disk | Editor test',
      description: 'A page document added beside the others while the editor is open on another page.',
      blocks: [{ type: 'page-hero', id: 'hero', props: { heading: 'Added on disk' } }],
    };
    try {
      await writeFile(path.join(setting.project.dir, added), `${JSON.stringify(document, null, 2)}\n`);
      await expect.poll(() => reloads() > 0 || told('a version'), { timeout: UI_TIMEOUT }).toBe(true);
      await rm(path.join(setting.project.dir, added));
      // The removal is told after the addition was handled: a reload for either would have arrived by now.
      await expect.poll(() => reloads() > 0 || told(null), { timeout: UI_TIMEOUT }).toBe(true);
    } finally {
      await rm(path.join(setting.project.dir, added), { force: true });
    }
    expect(reloads()).toBe(0);
    expect(navigations).toBe(0);
  });

  it('passes axe (WCAG 2.2 AA) on the list and on an open page with a problem shown', async () => {
    const page = await openEditor();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Too short');
    await page.locator('#field-page_title-issues').waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('problem-count').click();
    expect(await editorAxeViolations(page)).toEqual([]);
  });
});
