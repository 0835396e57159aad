/**
 * Scheduled publishing in the studio, on a real checkout with a bare remote, the studio and the public site as
 * processes of their own (studio-processes.ts): a publisher schedules /about from the toolbar in the site's time
 * zone, from the keyboard, sees it in the toolbar and the page list, and cancels it; then a publish scheduled
 * seconds ahead goes live on time across a restart of the studio, as the publisher's commit, with the draft as it
 * was saved after scheduling. STUDIO_SCHEDULE_CHECK_MS makes the scheduler look every second.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../server/studio/accounts.ts';
import { createFileAccountStore } from '../../server/studio/file-account-store.ts';
import { instantOf, shownTime, wallTimeOf } from '../../src/editor/shared/zoned-time.ts';
import { UI_TIMEOUT } from '../timeouts.ts';
import { connectBrowserForFile, newContext } from './browser.ts';
import { editorAxeViolations } from './editor-axe.ts';
import { PAGE_PREVIEW } from './editor-frames.ts';
import { signInToStudio } from './studio-sign-in.ts';
import { createStudioCheckout, type StudioCheckout } from './studio-checkout.ts';
import { startSite, startStudio, type RunningServer } from './studio-processes.ts';

const PASSWORD = 'a long enough password';
const PAT = { email: 'pat@example.com', name: 'Pat Okafor' };
const ZONE = 'Asia/Kolkata';
const SHOTS = '/tmp/shots-schedule';
const FAST = { STUDIO_SCHEDULE_CHECK_MS: '1000' };

let browser: Browser;
let checkout: StudioCheckout;
let dataDir: string;
let studio: RunningServer | undefined;
let site: RunningServer | undefined;
let context: BrowserContext | undefined;

connectBrowserForFile((b) => (browser = b));

const liveHeading = async () => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(`${site!.origin}/about`)).text())?.[1];

/** A studio request from the signed-in page, with its cookie and Origin. */
const studioCall = (page: Page, route: string, body: unknown) =>
  page.evaluate(
    async ([r, b]) => {
      const res = await fetch(r, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    [route, body] as const,
  );

beforeAll(async () => {
  checkout = await createStudioCheckout();
  dataDir = await mkdtemp(path.join(tmpdir(), 'studio-schedule-data-'));
  await createAccounts(createFileAccountStore(dataDir)).add({ ...PAT, role: 'publisher', password: PASSWORD }, { email: null, address: 'test' });
  [studio, site] = await Promise.all([startStudio(checkout.dir, dataDir, FAST), startSite(checkout.dir, dataDir)]);
  context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
}, 8 * UI_TIMEOUT);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await studio?.stop();
  await site?.stop();
  await checkout?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('scheduled publishing', () => {
  it(
    "is set from the toolbar in the site's time zone, by keyboard, shown in the toolbar and the page list, and cancelled",
    async () => {
      const page = await context!.newPage();
      await signInToStudio(page, studio!.origin, PAT.email, PASSWORD);
      await page.goto(`${studio!.origin}/studio/edit?path=/about`);
      await page.waitForSelector('html[data-editor-ready]');
      await page.frameLocator(PAGE_PREVIEW).locator('html[data-preview-ready]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('About us, on Monday');
      await page.keyboard.press('Control+s');
      await page.locator('[data-save-state="saved"]').waitFor();

      const schedule = page.getByRole('button', { name: 'Schedule…' });
      await schedule.focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: 'Publish this page later' });
      await form.getByText('In India Standard Time (Asia/Kolkata), the site’s time zone.'.replace('’', "'")).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('date');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Schedule…');

      await page.keyboard.press('Enter');
      await form.getByLabel('Date').fill('2020-01-06');
      await form.getByRole('button', { name: 'Schedule' }).click();
      await form.getByText('That time has passed. Choose a time in the future.').waitFor();
      expect(await editorAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/toolbar-form.png` });

      const tomorrow = wallTimeOf(Date.now() + 24 * 3_600_000, ZONE).date;
      await form.getByLabel('Date').fill(tomorrow);
      await form.getByLabel('Time').fill('09:00');
      await form.getByRole('button', { name: 'Schedule' }).click();
      const words = `Publishes ${shownTime(instantOf({ date: tomorrow, time: '09:00' }, ZONE)!, ZONE)}, by ${PAT.name}`;
      expect(words).toMatch(/^Publishes \w{3} \d{1,2} \w{3}, 09:00 IST, by Pat Okafor$/);
      await expect.poll(() => page.getByTestId('schedule-state').textContent()).toBe(words);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Change');
      await page.screenshot({ path: `${SHOTS}/toolbar-scheduled.png` });

      await page.getByRole('link', { name: '← All pages' }).click();
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: '/about', exact: true }) });
      await expect.poll(() => row.textContent()).toContain(words);
      expect(await editorAxeViolations(page)).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/page-list.png` });
      await row.getByRole('button', { name: 'Cancel schedule' }).click();
      await expect.poll(() => row.getByRole('cell').last().textContent()).toBe('Not scheduled');
    },
    6 * UI_TIMEOUT,
  );

  it(
    'goes live on time across a studio restart, as the publisher’s commit, with the draft saved after scheduling',
    async () => {
      const page = context!.pages()[0]!;
      const read = await page.evaluate(async () => (await (await fetch('/studio/api/file?file=pages/about.json')).json()) as { draft: { value: { blocks: Array<{ props?: Record<string, unknown> }> }; base: string } });
      const withHeading = (heading: string) => ({ ...read.draft.value, blocks: read.draft.value.blocks.map((b, i) => (i === 0 ? { ...b, props: { ...b.props, heading } } : b)) });
      const at = Date.now() + 8000;
      expect((await studioCall(page, '/studio/api/schedule', { file: 'pages/about.json', at: new Date(at).toISOString() })).status).toBe(200);
      // Saved after scheduling: the schedule publishes the draft as it is at that time.
      expect((await studioCall(page, '/studio/api/draft', { file: 'pages/about.json', value: withHeading('About us, as scheduled'), base: read.draft.base })).status).toBe(200);

      const before = (await checkout.git('rev-parse', 'HEAD')).trim();
      await studio!.stop();
      studio = await startStudio(checkout.dir, dataDir, FAST);
      expect(await liveHeading()).toBe('About Us');
      await expect.poll(liveHeading, { timeout: 30_000, interval: 250 }).toBe('About us, as scheduled');
      const late = Date.now() - at;
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(20_000);

      // The site serves the build as soon as it is made; the commit follows it.
      await expect.poll(async () => (await checkout.git('rev-parse', 'HEAD')).trim(), { timeout: UI_TIMEOUT }).not.toBe(before);
      const commit = (await checkout.git('rev-parse', 'HEAD')).trim();
      expect((await checkout.git('show', '--format=%an <%ae>|%s', '--no-patch', 'HEAD')).trim()).toBe(`${PAT.name} <${PAT.email}>|About: Page opening (block 1) › Heading`);
      // The push, the draft's removal and the audit entry come after the commit.
      await expect.poll(async () => (await createFileAccountStore(dataDir).audit()).at(-1)?.event, { timeout: UI_TIMEOUT }).toBe('published-by-schedule');
      const audit = await createFileAccountStore(dataDir).audit();
      expect((await checkout.git('--git-dir', checkout.remote, 'rev-parse', 'main')).trim()).toBe(commit);
      expect(audit.at(-1)).toMatchObject({ event: 'published-by-schedule', actor: PAT.email, subject: 'pages/about.json' });
      expect(audit.at(-1)!.detail).toMatch(new RegExp(`^commit ${commit}, with the draft saved .* by ${PAT.name}$`));
      const after = await fetch(`${studio!.origin}/studio/api/file?file=pages/about.json`, { headers: { cookie: (await context!.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } });
      expect(((await after.json()) as { draft: unknown }).draft).toBeNull();
    },
    6 * UI_TIMEOUT,
  );

  it(
    'publishes nothing when the draft fails the content check at that time, and tells the publisher in the editor until dismissed',
    async () => {
      const page = context!.pages()[0]!;
      // The restarted studio listens on another port; the session cookie (per host) still holds.
      await page.goto(`${studio!.origin}/studio`);
      const live = await page.evaluate(async () => (await (await fetch('/studio/api/file?file=pages/about.json')).json()) as { text: string; version: string });
      const head = (await checkout.git('rev-parse', 'HEAD')).trim();
      expect((await studioCall(page, '/studio/api/draft', { file: 'pages/about.json', value: { ...(JSON.parse(live.text) as object), title: 'Short' }, base: live.version })).status).toBe(200);
      expect((await studioCall(page, '/studio/api/schedule', { file: 'pages/about.json', at: new Date(Date.now() + 1500).toISOString() })).status).toBe(200);
      await expect.poll(() => page.evaluate(async () => ((await (await fetch('/studio/api/schedules')).json()) as { schedules: Array<{ state: string }> }).schedules[0]?.state), { timeout: 20_000, interval: 250 }).toBe('failed');
      expect((await checkout.git('rev-parse', 'HEAD')).trim()).toBe(head);
      expect(await liveHeading()).toBe('About us, as scheduled');

      await page.goto(`${studio!.origin}/studio/edit?path=/about`);
      await page.waitForSelector('html[data-editor-ready]');
      const alert = page.getByRole('alert').filter({ hasText: 'and not published' });
      await expect
        .poll(() => alert.textContent())
        .toMatch(/^Scheduled for .+ IST by Pat Okafor, and not published\. Not published: 1 error to fix first\. The live site is unchanged\. pages\/about\.json:\d+:\d+ .*Open the page, fix it, save, and schedule again\. Dismiss$/);
      expect(await editorAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/toolbar-failed.png` });
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await expect.poll(() => page.getByTestId('schedule-state').textContent()).toBe('Dismissed.');
    },
    4 * UI_TIMEOUT,
  );
});
