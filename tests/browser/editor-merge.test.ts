/**
 * The page editor (/__edit) merging a change on disk into unsaved edits, in Chromium against the real dev server on
 * a copy of the project, as when a colleague's change or a `git pull` lands while a page is open: changes to other
 * fields merge by themselves and the save keeps them; the same field changed on both sides is asked, field by field,
 * in words; a save whose base went stale merges the same way.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FILE_CHANGED_EVENT } from '../../src/editor/shared/editor-contract';
import { UI_TIMEOUT } from '../timeouts';
import { PAGE_PREVIEW } from './editor-frames';
import { newContext } from './browser';
import { aboutEditorProject } from './editor-about-project';
import { editorAxeViolations } from './editor-axe.ts';

const setting = aboutEditorProject('editor-merge-');

const HERO_HEADING = '"heading": "About Us"';
const VALUES_HEADING = '"heading": "The values behind our work"';

/** `tellChanges: false` keeps the dev server's word of changes on disk from the page, so only a save finds them. */
async function openAbout({ tellChanges = true } = {}): Promise<Page> {
  setting.context = await newContext(setting.browser, { viewport: { width: 1440, height: 900 } });
  if (!tellChanges) {
    await setting.context.routeWebSocket(/./, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (!String(message).includes(FILE_CHANGED_EVENT)) socket.send(message);
      });
    });
  }
  const page = await setting.context.newPage();
  await page.goto(`${setting.project.origin}/__edit?path=%2Fabout`);
  await page.waitForSelector('html[data-editor-ready]', { timeout: UI_TIMEOUT });
  await page.frameLocator(PAGE_PREVIEW).locator('html[data-preview-ready]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  return page;
}

/** A block's form, by its place in the outline (1 for the first). */
const openBlock = (page: Page, number: number) =>
  page
    .locator('[data-outline-entry]')
    .nth(number - 1)
    .click();
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const status = (page: Page) => page.locator('[role="status"][data-save-state]');
const conflictNotice = (page: Page) => page.getByRole('alert').filter({ hasText: 'changed both here and on disk' });

/** A block type's title for people, as its schema gives it (the editor's words come from there too). */
async function titleOf(type: string): Promise<string> {
  const schema = JSON.parse(await readFile(path.join(setting.project.dir, `schemas/blocks/${type}.schema.json`), 'utf8')) as { 'x-title': string };
  return schema['x-title'];
}

/** What a colleague's change does: the file on disk with some of its lines replaced. */
async function changeOnDisk(...edits: Array<[string, string]>): Promise<string> {
  let text = setting.aboutOriginal;
  for (const [from, to] of edits) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  await writeFile(setting.aboutFile, text);
  return text;
}

async function saveAndWait(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('[data-save-state="saved"]').waitFor({ timeout: UI_TIMEOUT });
  return readFile(setting.aboutFile, 'utf8');
}

describe('the page editor merging changes on disk', () => {
  it('merges a change on disk to another field and another block by itself, says what came in, and saves both', async () => {
    const page = await openAbout();
    await openBlock(page, 1);
    await field(page, 'Text').fill('Who we are, edited here');
    await page.locator('[data-dirty]').waitFor({ timeout: UI_TIMEOUT });

    await changeOnDisk([HERO_HEADING, '"heading": "About Us, from disk"']);
    await expect.poll(() => field(page, 'Heading').inputValue(), { timeout: UI_TIMEOUT }).toBe('About Us, from disk');
    expect(await status(page).textContent()).toBe(`The change on disk to ${await titleOf('page-hero')} (block 1) › Heading was merged.`);

    const onDisk = await changeOnDisk([HERO_HEADING, '"heading": "About Us, from disk"'], [VALUES_HEADING, '"heading": "The values we work by"']);
    await expect.poll(() => status(page).textContent(), { timeout: UI_TIMEOUT }).toBe(`The change on disk to ${await titleOf('accordion')} (block 5) › Heading was merged.`);
    expect(await field(page, 'Text').inputValue()).toBe('Who we are, edited here');
    expect(await conflictNotice(page).count()).toBe(0);

    const saved = await saveAndWait(page);
    expect(saved).toContain('"heading": "About Us, from disk"');
    expect(saved).toContain('"heading": "The values we work by"');
    expect(saved).toContain('"text": "Who we are, edited here"');
    expect(saved.split('\n').filter((line, i) => line !== onDisk.split('\n')[i])).toEqual([expect.stringContaining('Who we are, edited here')]);
  });

  it('asks, field by field and in words, about the fields changed on both sides, merges the rest, and keeps exactly what was chosen', async () => {
    const page = await openAbout();
    await openBlock(page, 1);
    await field(page, 'Heading').fill('About us, mine');
    await field(page, 'Text').fill('Our story, mine');
    await page.locator('[data-dirty]').waitFor({ timeout: UI_TIMEOUT });
    const textOnDisk = '"text": "Our story, from disk"';
    await changeOnDisk([HERO_HEADING, '"heading": "About Us, from disk"'], [/"text": "We are a fast-growing[^"]*"/.exec(setting.aboutOriginal)![0], textOnDisk], [VALUES_HEADING, '"heading": "The values we work by"']);

    const notice = conflictNotice(page);
    await notice.waitFor({ timeout: UI_TIMEOUT });
    const hero = `${await titleOf('page-hero')} (block 1)`;
    expect(await notice.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].slice(0, 3).map((cell) => cell.textContent)))).toEqual([
      [`${hero} › Heading`, 'About us, mine', 'About Us, from disk'],
      [`${hero} › Text`, 'Our story, mine', 'Our story, from disk'],
    ]);
    expect(await editorAxeViolations(page)).toEqual([]);
    // Saving waits for the choices, and writes nothing.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => status(page).textContent(), { timeout: UI_TIMEOUT }).toMatch(/^Not saved: some fields were changed both here and on disk/);

    await page.getByRole('button', { name: `Keep yours: ${hero} › Heading` }).click();
    await page.getByRole('button', { name: `Take the disk’s: ${hero} › Text` }).click();
    expect(await notice.count()).toBe(0);
    expect(await field(page, 'Heading').inputValue()).toBe('About us, mine');
    expect(await field(page, 'Text').inputValue()).toBe('Our story, from disk');

    const saved = await saveAndWait(page);
    expect(saved).toContain('"heading": "About us, mine"');
    expect(saved).toContain(textOnDisk);
    expect(saved).toContain('"heading": "The values we work by"');
  });

  it('merges a change on disk that only the save finds (its base went stale), then saves', async () => {
    const page = await openAbout({ tellChanges: false });
    await openBlock(page, 1);
    await field(page, 'Text').fill('Who we are, edited here');
    await page.locator('[data-dirty]').waitFor({ timeout: UI_TIMEOUT });
    await changeOnDisk([VALUES_HEADING, '"heading": "The values we work by"']);
    // The editor was not told: its form still shows the version it read.
    expect(await field(page, 'Heading').inputValue()).toBe('About Us');

    const saved = await saveAndWait(page);
    expect(await status(page).textContent()).toBe(`The change on disk to ${await titleOf('accordion')} (block 5) › Heading was merged. Saved.`);
    expect(saved).toContain('"heading": "The values we work by"');
    expect(saved).toContain('"text": "Who we are, edited here"');
  });
});
