/**
 * A preview link, as a team uses it: the studio runs as its own process on a real checkout (studio-checkout.ts),
 * an author saves a draft of /about and shares a preview from the editor's toolbar with the keyboard; a third
 * browser context without an account opens the link and sees the draft's heading (not the live one), noindex; after
 * Revoke the same link shows the plain refusal. The studio's request log never holds the secret. Screenshots go to
 * /tmp/shots-preview/.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../server/studio/accounts.ts';
import { createFileAccountStore } from '../../server/studio/file-account-store.ts';
import { UI_TIMEOUT } from '../timeouts.ts';
import { connectBrowserForFile, newContext } from './browser.ts';
import { PAGE_PREVIEW } from './editor-frames.ts';
import { createStudioCheckout, type StudioCheckout } from './studio-checkout.ts';
import { startStudio, type RunningServer } from './studio-processes.ts';
import { editorAxeViolations } from './editor-axe.ts';
import { signInToStudio } from './studio-sign-in.ts';

const PASSWORD = 'a long enough password';
const DRAFT_HEADING = 'About us, as the sales director sees it first';
const SHOTS = '/tmp/shots-preview';

let browser: Browser;
let checkout: StudioCheckout;
let dataDir: string;
let studio: RunningServer | undefined;
const contexts: BrowserContext[] = [];

connectBrowserForFile((b) => (browser = b));

async function context(width: number, permissions: string[] = []) {
  const made = await newContext(browser, { viewport: { width, height: 900 }, permissions });
  contexts.push(made);
  return made;
}

beforeAll(async () => {
  checkout = await createStudioCheckout({ build: false });
  dataDir = await mkdtemp(path.join(tmpdir(), 'studio-preview-data-'));
  await mkdir(SHOTS, { recursive: true });
  await createAccounts(createFileAccountStore(dataDir)).add({ email: 'ana@example.com', name: 'Ana Lima', role: 'author', password: PASSWORD }, { email: null, address: 'test' });
  studio = await startStudio(checkout.dir, dataDir, { LOG_LEVEL: 'info' });
}, 8 * UI_TIMEOUT);

afterAll(async () => {
  for (const made of contexts) await made.close().catch(() => undefined);
  await studio?.stop();
  await checkout?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a preview link', () => {
  it(
    'shows someone without an account the draft, noindex, until it is revoked; the log never holds its secret',
    async () => {
      const author = await (await context(1440, ['clipboard-read', 'clipboard-write'])).newPage();
      await signInToStudio(author, studio!.origin, 'ana@example.com', PASSWORD);
      await author.goto(`${studio!.origin}/studio/edit?path=/about`);
      await author.waitForSelector('html[data-editor-ready]');
      // No draft yet: nothing to share.
      expect(await author.getByRole('button', { name: 'Share preview' }).count()).toBe(0);
      await author.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      await author.getByRole('textbox', { name: 'Heading', exact: true }).fill(DRAFT_HEADING);
      await author.keyboard.press('Control+s');
      await author.locator('[data-save-state="saved"]').waitFor();

      const share = author.getByRole('button', { name: 'Share preview' });
      await share.focus();
      await author.keyboard.press('Enter');
      await author.getByRole('heading', { name: 'Share a preview of this page' }).waitFor();
      await author.keyboard.press('Tab');
      await expect.poll(() => author.evaluate(() => document.activeElement?.textContent)).toBe('Make a preview link');
      await author.keyboard.press('Enter');
      const url = await author.getByRole('textbox', { name: 'Preview link' }).inputValue({ timeout: UI_TIMEOUT });
      expect(url).toMatch(new RegExp(`^${studio!.origin}/studio/preview/[\\w-]{43}$`));
      await author.getByRole('button', { name: /^Revoke link / }).waitFor();
      expect(await author.getByRole('status').filter({ hasText: 'Preview link made.' }).count()).toBe(1);
      await author.getByRole('button', { name: 'Copy', exact: true }).click();
      await author.getByText('Link copied.').waitFor();
      expect(await author.evaluate(() => navigator.clipboard.readText())).toBe(url);
      expect(await editorAxeViolations(author)).toEqual([]);
      await author.screenshot({ path: `${SHOTS}/share-panel-1440.png` });

      // Someone with no account, on a phone.
      const visitor = await (await context(390)).newPage();
      const problems: string[] = [];
      visitor.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
      visitor.on('pageerror', (error) => problems.push(error.message));
      const opened = await visitor.goto(url);
      expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
      const heading = visitor.frameLocator(PAGE_PREVIEW).locator('h1');
      await expect.poll(() => heading.textContent(), { timeout: UI_TIMEOUT }).toBe(DRAFT_HEADING);
      expect(JSON.parse(await readFile(path.join(checkout.dir, 'pages/about.json'), 'utf8')).blocks[0].props.heading).toBe('About Us');
      await visitor.getByText(/^Preview of the draft of \/about/).waitFor();
      // Its links lead nowhere, least of all into the studio; the site's pictures are there for it.
      await visitor.frameLocator(PAGE_PREVIEW).locator('header a[href]').first().click();
      expect([visitor.url(), await heading.textContent()]).toEqual([url, DRAFT_HEADING]);
      expect(await visitor.evaluate(() => fetch('/images/our-story.jpg').then((r) => r.status))).toBe(200);
      expect(problems).toEqual([]);
      expect(await editorAxeViolations(visitor)).toEqual([]);
      await visitor.screenshot({ path: `${SHOTS}/preview-390.png` });
      await visitor.setViewportSize({ width: 1280, height: 900 });
      await visitor.screenshot({ path: `${SHOTS}/preview-1280.png` });

      await author.getByRole('button', { name: /^Revoke link / }).click();
      await author.getByText(/^The preview link \S+ is revoked/).waitFor();
      await author.getByText('None: no link opens this page').waitFor();
      // Escape closes the panel and gives focus back to its button.
      await author.keyboard.press('Escape');
      await author.getByRole('heading', { name: 'Share a preview of this page' }).waitFor({ state: 'detached' });
      expect(await author.evaluate(() => document.activeElement?.textContent)).toBe('Share preview');
      const refused = await visitor.reload();
      expect(refused?.status()).toBe(404);
      expect(await visitor.locator('body').textContent()).toMatch(/^This preview link does not work\./);
      expect(await visitor.evaluate(() => fetch('/images/our-story.jpg').then((r) => r.status))).toBe(401);
      await visitor.screenshot({ path: `${SHOTS}/revoked-1280.png` });

      const secret = url.split('/').pop()!;
      expect(studio!.output()).toContain(`/studio/preview/${secret.slice(0, 4)}…`);
      expect(studio!.output()).not.toContain(secret.slice(0, 8));
    },
    6 * UI_TIMEOUT,
  );
});
