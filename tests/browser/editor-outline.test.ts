/**
 * The editor's outline as a keyboard user, a mouse user and a screen-reader user meet it, in Chromium against
 * the dev server on a copy of the project: the catalogue (search, arrow keys, one Tab stop, Tab kept inside,
 * Enter inserts, focus to the new block's first field, axe), drag and drop (both directions, either half of a
 * row, the line shown on each drag, the move read out), and a removal taken back with its Undo.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UI_TIMEOUT } from '../timeouts';
import { launchBrowser } from './browser';
import { namedEntries, openPageEditor, outlineEntries } from './editor-tab';
import { startDevProject, type DevProject } from '../../scripts/dev-project';
import { editorAxeViolations } from './editor-axe.ts';

let project: DevProject;
let browser: Browser;
let context: BrowserContext | undefined;

async function openEditor(route: string): Promise<Page> {
  const tab = await openPageEditor(browser, project.origin, route);
  context = tab.context;
  return tab.page;
}

const focused = (page: Page) => page.evaluate(() => ({ text: document.activeElement?.textContent ?? '', id: document.activeElement?.id ?? '', inCatalogue: document.activeElement?.closest('dialog') !== null }));

async function openCatalogue(page: Page) {
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
  const catalogue = page.getByRole('dialog', { name: /Add a block/ });
  await catalogue.waitFor({ timeout: UI_TIMEOUT });
  return catalogue;
}

/** Drags the outline entry `from` over the upper or lower half of entry `over`, checks the line is where it will land, and drops. */
async function drag(page: Page, from: number, over: number, half: 'upper' | 'lower') {
  const entries = page.locator('nav ol > li');
  const source = (await entries.nth(from).locator('[data-outline-entry]').boundingBox())!;
  const target = (await entries.nth(over).boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  const y = target.y + target.height * (half === 'upper' ? 0.25 : 0.75);
  await page.mouse.move(target.x + target.width / 2, y, { steps: 6 });
  // Playwright's drag sends a dragover only when a move starts; one more move over the target sends the one there.
  await page.mouse.move(target.x + target.width / 2 + 1, y);
  const line = (await page.locator('[data-drop-line]').boundingBox({ timeout: UI_TIMEOUT }))!;
  const edge = half === 'upper' ? target.y : target.y + target.height;
  expect(Math.abs(line.y + line.height / 2 - edge), `the line at ${line.y}, the ${half} edge at ${edge}`).toBeLessThan(3);
  await page.mouse.up();
  await page.locator('[data-drop-line]').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
}

/** The order after moving the entry at `from` to `to`. */
const moved = <T>(list: readonly T[], from: number, to: number) => {
  const next = [...list];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
};

describe('the outline: catalogue, drag and drop, removal', () => {
  beforeAll(async () => {
    project = await startDevProject('editor-outline-');
    browser = await launchBrowser();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await project?.close();
  });

  it('finds a block by search and inserts it with Enter; focus goes to its first field', async () => {
    const page = await openEditor('/about');
    const before = await namedEntries(page);
    const catalogue = await openCatalogue(page);
    const search = catalogue.getByRole('searchbox', { name: 'Find a block' });
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    const all = await catalogue.getByRole('option').count();
    await search.fill('frequently asked');
    expect(await catalogue.getByRole('option').allTextContents()).toEqual([expect.stringMatching(/^Questions and answers/)]);
    expect(all).toBeGreaterThan(10);
    await search.press('Enter');
    await catalogue.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    expect(await namedEntries(page)).toEqual([...before, '⠿Questions and answersAnchor #faq']);
    await expect.poll(async () => (await focused(page)).id, { timeout: UI_TIMEOUT }).toMatch(new RegExp(`^field-page_blocks_${before.length}_props_`));
  });

  it('is one Tab stop for its grid, moves by arrow keys, keeps Tab inside, inserts with Enter', async () => {
    const page = await openEditor('/about');
    const catalogue = await openCatalogue(page);
    const chosen = catalogue.getByRole('option', { selected: true });
    const titles = await catalogue.getByRole('option').allTextContents();

    // Tab goes round: search box, the grid's chosen entry, Insert, Cancel, and back; never out of the catalogue.
    const stops: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inCatalogue, `Tab ${i + 1} left the catalogue for “${now.text}”`).toBe(true);
      stops.push(now.text);
    }
    expect(stops).toEqual([titles[0], `Insert ${await chosen.locator('span').first().textContent()}`, 'Cancel', '', titles[0]]);

    // Arrow keys move through the grid as laid out (two columns at this width), and the focus follows.
    await page.keyboard.press('ArrowRight');
    expect(await chosen.textContent()).toBe(titles[1]);
    await page.keyboard.press('ArrowDown');
    expect(await chosen.textContent()).toBe(titles[3]);
    await page.keyboard.press('ArrowLeft');
    expect(await chosen.textContent()).toBe(titles[2]);
    await page.keyboard.press('End');
    expect(await chosen.textContent()).toBe(titles.at(-1));
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).text).toBe(titles[2]);
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).text).toBe(titles[3]);
    expect(await catalogue.locator('[role="option"][tabindex="0"]').count()).toBe(1);

    await page.keyboard.press('Enter');
    await catalogue.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    expect(await page.locator('nav ol [data-outline-entry]').nth(7).textContent()).toMatch(/^⠿Call to action/);
    await expect.poll(async () => (await focused(page)).id, { timeout: UI_TIMEOUT }).toMatch(/^field-page_blocks_7_props_/);
  });

  it('passes axe (WCAG 2.2 AA) with the catalogue open', async () => {
    const page = await openEditor('/about');
    await openCatalogue(page);
    await page.keyboard.press('Tab');
    expect(await editorAxeViolations(page, 'dialog')).toEqual([]);
  });

  it('drops before a row on its upper half and after it on its lower half, dragging down and up, and says so', async () => {
    const page = await openEditor('/about');
    const before = await outlineEntries(page);
    const cases: Array<[from: number, over: number, half: 'upper' | 'lower', to: number]> = [
      [0, 2, 'lower', 2],
      [0, 2, 'upper', 1],
      [4, 1, 'upper', 1],
      [4, 1, 'lower', 2],
    ];
    for (const [from, over, half, to] of cases) {
      await drag(page, from, over, half);
      expect(await outlineEntries(page), `${from} over the ${half} half of ${over}`).toEqual(moved(before, from, to));
      expect(await page.getByRole('status').filter({ hasText: 'moved to' }).textContent()).toMatch(new RegExp(`moved to position ${to + 1} of ${before.length}\\.$`));
      await page.keyboard.press('Control+z');
      expect(await outlineEntries(page)).toEqual(before);
    }
  });

  it('reads out a keyboard move', async () => {
    const page = await openEditor('/about');
    await page.locator('[data-outline-entry]').nth(1).press('Alt+ArrowDown');
    expect(await page.getByRole('status').filter({ hasText: 'moved to' }).textContent()).toBe('Key figures moved to position 3 of 7.');
  });

  it('takes a removal back with the Undo beside it, which goes once the page changes again', async () => {
    const page = await openEditor('/about');
    const before = await outlineEntries(page);
    await page.locator('[data-outline-entry]').nth(1).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    const undo = page.getByRole('status').getByRole('button', { name: 'Undo' });
    expect(await page.getByRole('status').filter({ hasText: 'removed' }).textContent()).toBe('Key figures (block 2) removed.Undo');
    await expect.poll(async () => (await focused(page)).text, { timeout: UI_TIMEOUT }).toBe('Undo');
    await page.keyboard.press('Enter');
    expect(await outlineEntries(page)).toEqual(before);
    expect((await focused(page)).text).toBe(before[1]);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await undo.waitFor({ timeout: UI_TIMEOUT });
    await page.locator('[data-outline-entry]').nth(0).press('Alt+ArrowDown');
    await undo.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });
});
