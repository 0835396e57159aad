/**
 * The page editor in the studio, as a team uses it: the studio and the public site run as processes of their own
 * on a real checkout with a bare remote (studio-checkout.ts), the editor is the studio's production build, and
 * two people work in two browser contexts. An author saves a draft (the live page stays as it was) and cannot
 * publish or restore, neither with a button nor with a forged request; a publisher sees whose draft it is and
 * publishes it; the running site serves the change within 10 s, and the commit is the publisher's, in words. Then
 * History: an old version shown beside untouched edits, restored as a draft and published as a new commit, and markup
 * in a heading or a commit subject shown everywhere as text. A photograph uploaded into a picture field shows in the
 * library and the preview, goes live with the page, and is in the audit log. A publish that overtakes a page open in
 * another browser loses nothing; a review goes from request to send-back to approval, told by mail; and a studio with no user is set up from its printed link.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticPhotograph } from '../../scripts/images/synthetic-photograph.ts';
import { editorAxeViolations } from './editor-axe.ts';
import { signInToStudio } from './studio-sign-in.ts';
import { createAccounts } from '../../server/studio/accounts.ts';
import { createFileAccountStore } from '../../server/studio/file-account-store.ts';
import { UI_TIMEOUT } from '../timeouts.ts';
import { connectBrowserForFile, newContext } from './browser.ts';
import { PAGE_PREVIEW } from './editor-frames.ts';
import { createStudioCheckout, type StudioCheckout } from './studio-checkout.ts';
import { startSite, startStudio, type RunningServer } from './studio-processes.ts';
import { startSmtpSink, type SmtpSink } from '../unit/fixtures/smtp-sink.ts';

const PASSWORD = 'a long enough password';
const AUTHOR = { email: 'ana@example.com', name: 'Ana Lima' };
const PUBLISHER = { email: 'pat@example.com', name: 'Pat Okafor' };
const ADMIN = { email: 'ida@example.com', name: 'Ida Berg' };
const HEADING = 'About us, from the studio';
const HOSTILE = '<img src=x onerror=alert(1)>';

let browser: Browser;
let checkout: StudioCheckout;
let dataDir: string;
let studio: RunningServer | undefined;
let site: RunningServer | undefined;
let sink: SmtpSink | undefined;
const contexts: BrowserContext[] = [];

connectBrowserForFile((b) => (browser = b));

const aboutFile = () => readFile(path.join(checkout.dir, 'pages/about.json'), 'utf8');
const liveHeading = async () => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(`${site!.origin}/about`)).text())?.[1];
const head = async () => (await checkout.git('rev-parse', 'HEAD')).trim();

/** Signs in at /studio in a new browser context. */
async function signIn(email: string): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signInToStudio(page, studio!.origin, email, PASSWORD);
  return page;
}

/** /about's link in the list of pages (a publisher's "Waiting for your review" may link it too). */
const aboutInList = (page: Page) => page.getByRole('row').getByRole('link', { name: '/about', exact: true });

/** Signs in and opens the editor's list of pages. */
async function signInAndOpenAbout(email: string): Promise<Page> {
  const page = await signIn(email);
  await page.getByRole('link', { name: 'Edit pages' }).click();
  await aboutInList(page).waitFor();
  return page;
}

/** The studio session cookie of a signed-in page, for a request made as that person. */
async function sessionCookieOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('studio-session'))!;
  return `${cookie.name}=${cookie.value}`;
}

/** The page's console errors and uncaught exceptions, from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function openAbout(page: Page): Promise<void> {
  await aboutInList(page).click();
  await page.waitForSelector('html[data-editor-ready]');
  await page.frameLocator(PAGE_PREVIEW).locator('html[data-preview-ready]').waitFor({ state: 'attached' });
}

beforeAll(async () => {
  checkout = await createStudioCheckout();
  dataDir = await mkdtemp(path.join(tmpdir(), 'studio-editor-data-'));
  const accounts = createAccounts(createFileAccountStore(dataDir));
  await accounts.add({ ...AUTHOR, role: 'author', password: PASSWORD }, { email: null, address: 'test' });
  await accounts.add({ ...PUBLISHER, role: 'publisher', password: PASSWORD }, { email: null, address: 'test' });
  await accounts.add({ ...ADMIN, role: 'admin', password: PASSWORD }, { email: null, address: 'test' });
  // Review mails go to a real SMTP server.
  sink = await startSmtpSink();
  [studio, site] = await Promise.all([startStudio(checkout.dir, dataDir, { SMTP_URL: `smtp://127.0.0.1:${sink.port}` }), startSite(checkout.dir, dataDir)]);
}, 8 * UI_TIMEOUT);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await studio?.stop();
  await site?.stop();
  await sink?.close();
  await checkout?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the page editor in the studio', () => {
  it('is served only after sign-in, with the studio CSP', async () => {
    const page = await fetch(`${studio!.origin}/studio/edit`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/studio');
    const html = await (await fetch(`${studio!.origin}/studio/edit`, { redirect: 'follow' })).text();
    expect(html).toContain('Sign in to the studio');
    const frame = await fetch(`${studio!.origin}/studio/edit/preview`, { redirect: 'manual' });
    expect(frame.status).toBe(303);
    const asset = await fetch(`${studio!.origin}/studio/edit/assets/anything.js`);
    expect(asset.status).toBe(401);
    expect(asset.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(asset.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });

  it(
    'lets an author save a draft, not publish or restore it: no button, and a forged publish or restore is refused',
    async () => {
      const page = await signInAndOpenAbout(AUTHOR.email);
      // The list offers an author no new page (the server refuses one too: studio-content.test.ts).
      expect(await page.getByRole('button', { name: 'Create page' }).count()).toBe(0);
      await page.getByText('New pages are made by a publisher').waitFor();
      const problems = problemsOf(page);
      const live = await aboutFile();
      const before = await head();
      await openAbout(page);
      expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      // The preview frames the selected block under the studio's CSP, which takes no <style> element.
      const selected = page.frameLocator(PAGE_PREVIEW).locator('[data-editor-index="0"] > [data-block]');
      await expect.poll(() => selected.evaluate((block) => getComputedStyle(block, '::after').borderTopWidth)).toBe('3px');
      await page.getByRole('textbox', { name: 'Heading', exact: true }).fill(HEADING);
      // The preview is the production block code, in the studio's frame.
      await expect.poll(() => page.frameLocator(PAGE_PREVIEW).locator('h1').textContent()).toBe(HEADING);
      await page.keyboard.press('Control+s');
      await page.locator('[data-save-state="saved"]').waitFor();
      expect(await page.locator('[data-save-state]').textContent()).toBe('Draft saved, not live yet.');
      expect(await aboutFile()).toBe(live);
      expect(await liveHeading()).toBe('About Us');

      // The editor ran with the studio's CSP and its production build without a console error.
      expect(problems).toEqual([]);
      const forged = await page.evaluate(async () => {
        const res = await fetch('/studio/api/publish', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ files: ['pages/about.json'] }) });
        return { status: res.status, body: (await res.json()) as { message: string } };
      });
      expect(forged.status).toBe(403);
      expect(forged.body.message).toMatch(/^Refused: as author you may not do this/);
      expect(await aboutFile()).toBe(live);
      expect(await head()).toBe(before);

      // History: she sees the versions and may show one, but has no Restore, and the server refuses hers.
      await page.getByRole('button', { name: 'History' }).click();
      const version = page.getByRole('dialog', { name: 'History of /about' }).getByRole('listitem');
      await expect.poll(() => version.textContent()).toMatch(/^The site as it isSite Developer · /);
      expect(await version.getByRole('button', { name: 'Show' }).count()).toBe(1);
      expect(await version.getByRole('button', { name: 'Restore…' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('History');
      const restore = await page.evaluate(async (commit) => {
        const res = await fetch('/studio/api/restore', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ file: 'pages/about.json', commit }) });
        const draft = (await (await fetch('/studio/api/file?file=pages/about.json')).json()) as { draft: { savedBy: { name: string } } };
        return { status: res.status, draftBy: draft.draft.savedBy.name };
      }, before);
      expect(restore).toEqual({ status: 403, draftBy: AUTHOR.name });
      expect(await head()).toBe(before);

      await page.goto(`${studio!.origin}/studio`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    },
    4 * UI_TIMEOUT,
  );

  it(
    "shows a publisher whose draft it is; Publish makes it live on the running site within 10 s, as the publisher's commit",
    async () => {
      const page = await signInAndOpenAbout(PUBLISHER.email);
      expect(await page.getByRole('button', { name: 'Create page' }).count()).toBe(1);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: '/about', exact: true }) });
      await expect.poll(() => row.textContent()).toContain(`Draft by ${AUTHOR.name}`);
      await openAbout(page);
      await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      expect(await page.getByRole('textbox', { name: 'Heading', exact: true }).inputValue()).toBe(HEADING);

      await page.getByRole('button', { name: 'Publish' }).click();
      await page.locator('[data-save-state="saved"]').waitFor({ timeout: 3 * UI_TIMEOUT });
      const published = Date.now();
      const said = await page.locator('[data-save-state]').textContent();
      const commit = await head();
      expect(said).toBe(`Published: About: Page opening (block 1) › Heading (commit ${commit.slice(0, 7)}).`);
      await expect.poll(liveHeading, { timeout: 10_000, interval: 200 }).toBe(HEADING);
      expect(Date.now() - published).toBeLessThan(10_000);

      expect((await checkout.git('show', '--format=%an <%ae>|%s', '--no-patch', 'HEAD')).trim()).toBe(`${PUBLISHER.name} <${PUBLISHER.email}>|About: Page opening (block 1) › Heading`);
      expect(await checkout.git('show', '--format=', '--numstat', 'HEAD')).toBe('1\t1\tpages/about.json\n');
      expect((await checkout.git('--git-dir', checkout.remote, 'rev-parse', 'main')).trim()).toBe(commit);
      // The draft is gone: the list says so, and the editor's next draft starts from the published version.
      await page.goto(`${studio!.origin}/studio/edit`);
      await expect.poll(() => row.textContent()).toContain('None');
    },
    6 * UI_TIMEOUT,
  );

  it(
    'lets a publisher show an old version beside untouched edits, restore it over a draft (asked first, undoable), and publish it as a new commit',
    async () => {
      const page = await signInAndOpenAbout(PUBLISHER.email);
      const [published, first] = [await head(), (await checkout.git('rev-list', '--max-parents=0', 'HEAD')).trim()];
      await openAbout(page);
      await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('Words not saved yet');
      await page.getByRole('button', { name: 'History' }).click();
      const versions = page.getByRole('dialog', { name: 'History of /about' }).getByRole('listitem');
      await expect.poll(() => versions.allTextContents()).toEqual([expect.stringMatching(/^About: Page opening \(block 1\) › HeadingPat Okafor · today at \d/), expect.stringMatching(/^The site as it isSite Developer · /)]);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('History of /about');
      expect(await editorAxeViolations(page)).toEqual([]);

      await versions.nth(1).getByRole('button', { name: 'Show' }).click();
      const banner = page.getByRole('main').filter({ hasText: 'An old version, not your edits' });
      await expect.poll(() => banner.textContent()).toMatch(/You are looking at the version of .+ by Site Developer: “The site as it is”\./);
      await expect.poll(() => page.frameLocator(PAGE_PREVIEW).locator('h1').textContent()).toBe('About Us');
      expect(await page.getByRole('textbox', { name: 'Heading', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Back to your edits');
      expect(await editorAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.frameLocator(PAGE_PREVIEW).locator('h1').textContent()).toBe('Words not saved yet');
      expect(await page.getByRole('textbox', { name: 'Heading', exact: true }).inputValue()).toBe('Words not saved yet');

      // Restoring replaces a draft, so it asks first; then the version is the draft, and undo gives the edits back.
      await page.keyboard.press('Control+s');
      await page.locator('[data-save-state="saved"]').waitFor();
      await page.getByRole('button', { name: 'History' }).click();
      await versions.nth(1).getByRole('button', { name: 'Restore…' }).click();
      const question = page.getByRole('group', { name: new RegExp(`^This replaces the draft by ${PUBLISHER.name} saved .+\\. Undo brings it back`) });
      await question.waitFor();
      await page.getByRole('button', { name: 'Restore it' }).click();
      await question.waitFor({ state: 'detached' });
      await expect.poll(() => page.locator('[data-save-state]').textContent()).toMatch(/^The version of .+ by Site Developer is now a draft\. Publish it to make it live again\.$/);
      const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
      expect(await heading.inputValue()).toBe('About Us');
      await page.keyboard.press('Control+z');
      await expect.poll(() => heading.inputValue()).toBe('Words not saved yet');
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => heading.inputValue()).toBe('About Us');

      await page.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => page.locator('[data-save-state]').textContent(), { timeout: 3 * UI_TIMEOUT }).toMatch(/^Published: About: Page opening \(block 1\) › Heading \(commit [0-9a-f]{7}\)\.$/);
      await expect.poll(liveHeading, { timeout: 10_000, interval: 200 }).toBe('About Us');
      // A new commit on top: the history is never rewritten.
      expect((await checkout.git('rev-list', 'HEAD')).trim().split('\n').slice(1)).toEqual([published, first]);
      expect((await checkout.git('--git-dir', checkout.remote, 'rev-parse', 'main')).trim()).toBe(await head());
    },
    6 * UI_TIMEOUT,
  );

  it(
    'runs nothing of markup in a published heading or a commit subject: in the outline, the history, the banner and the preview of an old version',
    async () => {
      const page = await signInAndOpenAbout(PUBLISHER.email);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => void (dialogs.push(dialog.message()), dialog.dismiss()));
      await openAbout(page);
      await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      await page.getByRole('textbox', { name: 'Heading', exact: true }).fill(HOSTILE);
      await page.keyboard.press('Control+s');
      await page.locator('[data-save-state="saved"]').waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => page.locator('[data-save-state]').textContent(), { timeout: 3 * UI_TIMEOUT }).toMatch(/^Published: /);
      // A developer's commit whose subject is markup, on top of it.
      const about = JSON.parse(await aboutFile()) as { title: string };
      await writeFile(path.join(checkout.dir, 'pages/about.json'), `${JSON.stringify({ ...about, title: `${about.title} (edited)` }, null, 2)}\n`);
      await checkout.git('-c', 'user.name=Site Developer', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '-am', HOSTILE);

      await page.reload();
      await page.waitForSelector('html[data-editor-ready]');
      await page.getByRole('button', { name: 'History' }).click();
      const versions = page.getByRole('dialog', { name: 'History of /about' }).getByRole('listitem');
      await expect.poll(() => versions.count()).toBe(5);
      expect(await versions.nth(0).locator('p').first().textContent()).toBe(HOSTILE);
      await versions.nth(0).getByRole('button', { name: 'Show' }).click();
      await expect.poll(() => page.getByRole('main').textContent()).toContain(`“${HOSTILE}”`);
      await page.getByRole('button', { name: 'History' }).click();
      await versions.nth(1).getByRole('button', { name: 'Show' }).click();
      await expect.poll(() => page.getByRole('main').textContent()).toContain('by Pat Okafor: “About: Page opening (block 1) › Heading”');
      const preview = page.frameLocator(PAGE_PREVIEW);
      await expect.poll(() => preview.locator('h1').textContent()).toBe(HOSTILE);
      expect(await preview.locator('img[src="x"]').count()).toBe(0);
      await page.getByRole('button', { name: 'Back to your edits' }).click();
      await page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).waitFor();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await preview.locator('img[src="x"]').count()).toBe(0);
      expect(dialogs).toEqual([]);
    },
    6 * UI_TIMEOUT,
  );

  it(
    'uploads a photograph into a picture field, with its thumbnail in the library; published, the site serves it, and the audit log lists the upload',
    async () => {
      const page = await signInAndOpenAbout(PUBLISHER.email);
      const problems = problemsOf(page);
      await openAbout(page);
      await page.locator('button', { hasText: '#who-we-are' }).click();
      const file = path.join(dataDir, 'Lisbon Office.jpg');
      await writeFile(file, await syntheticPhotograph({ width: 1200, height: 800 }));
      const library = page.getByRole('dialog', { name: /^Picture library/ });
      await page.getByRole('button', { name: 'Change picture…' }).click();
      const chooser = page.waitForEvent('filechooser');
      await library.getByRole('button', { name: 'Upload a photograph…' }).click();
      await (await chooser).setFiles(file);
      await library.waitFor({ state: 'detached' });
      expect(await page.getByRole('spinbutton', { name: 'Width', exact: true }).inputValue()).toBe('1200');
      // The library shows it at once, its thumbnail made by the studio; the preview shows the picture itself.
      await page.getByRole('button', { name: 'Change picture…' }).click();
      const thumbnail = library.locator('button[data-src="/images/lisbon-office.jpg"] img');
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
      await page.keyboard.press('Escape');
      const inPreview = page.frameLocator(PAGE_PREVIEW).locator('img[src="/images/lisbon-office.jpg"]');
      await expect.poll(() => inPreview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth).catch(() => 0)).toBe(1200);

      await page.keyboard.press('Control+s');
      await page.locator('[data-save-state="saved"]').waitFor();
      // A new photograph is no code: the publish's build keeps the bundles and the server, and encodes the picture.
      const bundles = () => stat(path.join(checkout.dir, 'dist-server/main.js')).then((s) => s.mtimeMs);
      const bundlesBefore = await bundles();
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => page.locator('[data-save-state]').textContent(), { timeout: 3 * UI_TIMEOUT }).toMatch(/^Published: About: /);
      expect(await bundles()).toBe(bundlesBefore);
      expect((await checkout.git('show', '--format=', '--name-only', 'HEAD')).split('\n').filter(Boolean)).toEqual(['pages/about.json', 'public/images/lisbon-office.jpg']);
      // The running site serves the page with the picture's variants, made by the build from the new file.
      const variant = async () => /\/_img\/lisbon-office\.[^" ,]+\.webp/.exec(await (await fetch(`${site!.origin}/about`)).text())?.[0];
      await expect.poll(variant, { interval: 200 }).toBeTruthy();
      const picture = await fetch(`${site!.origin}${await variant()}`);
      expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/webp']);
      expect(problems).toEqual([]);

      const admin = await signIn(ADMIN.email);
      await admin.goto(`${studio!.origin}/studio/audit`);
      const row = admin.getByRole('row').filter({ hasText: 'uploaded' });
      expect(await row.textContent()).toContain(`${PUBLISHER.email}127.0.0.1public/images/lisbon-office.jpg`);
    },
    6 * UI_TIMEOUT,
  );
});

describe('a publish that overtakes a page open in another browser', () => {
  it(
    "loses nothing: presence brings the publish into the author's edits, or her save says to reload and the reload merges it; the next publish has both",
    async () => {
      const EYEBROW = 'Who we are';
      const PUBLISHED = 'About us, published while Ana was editing';
      const hero = (page: Page) => page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      const author = await signInAndOpenAbout(AUTHOR.email);
      await openAbout(author);
      await hero(author);
      await author.getByRole('textbox', { name: 'Line above the heading', exact: true }).fill(EYEBROW);

      const publisher = await signInAndOpenAbout(PUBLISHER.email);
      await openAbout(publisher);
      await hero(publisher);
      await publisher.getByRole('textbox', { name: 'Heading', exact: true }).fill(PUBLISHED);
      await publisher.keyboard.press('Control+s');
      await publisher.locator('[data-save-state="saved"]').waitFor();
      await publisher.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => publisher.locator('[data-save-state]').textContent(), { timeout: 3 * UI_TIMEOUT }).toMatch(/^Published: /);

      // Her next save says to reload, or presence brought the publish into her edits first (a few seconds either way).
      await author.keyboard.press('Control+s');
      await expect
        .poll(() => author.locator('[data-save-state]').textContent(), { timeout: UI_TIMEOUT })
        .toMatch(new RegExp(`^Draft saved, not live yet\\.( ${PUBLISHER.name} published this page since you opened it: reload the page to merge their changes into your draft before it is published\\.)?$`));
      await author.reload();
      await author.waitForSelector('html[data-editor-ready]');
      await hero(author);
      expect(await author.getByRole('textbox', { name: 'Heading', exact: true }).inputValue()).toBe(PUBLISHED);
      expect(await author.getByRole('textbox', { name: 'Line above the heading', exact: true }).inputValue()).toBe(EYEBROW);
      if ((await author.locator('[data-dirty]').count()) > 0) {
        // Merged at the reload: said so, and saved.
        expect(await author.locator('[data-save-state]').textContent()).toBe('The change by someone else to Page opening (block 1) › Heading was merged.');
        await author.keyboard.press('Control+s');
        await expect.poll(() => author.locator('[data-save-state]').textContent(), { timeout: UI_TIMEOUT }).toBe('Draft saved, not live yet.');
      }

      await publisher.reload();
      await publisher.waitForSelector('html[data-editor-ready]');
      await publisher.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => publisher.locator('[data-save-state]').textContent(), { timeout: 3 * UI_TIMEOUT }).toMatch(/^Published: /);
      await expect.poll(async () => (await fetch(`${site!.origin}/about`)).text(), { timeout: 10_000, interval: 200 }).toContain(EYEBROW);
      expect(await liveHeading()).toBe(PUBLISHED);
    },
    6 * UI_TIMEOUT,
  );
});

describe('two people editing one page', () => {
  it(
    'see each other and each other’s saves as they happen: a different field merges by itself, the same field is asked of the second, and the draft holds every change',
    async () => {
      const hero = (page: Page) => page.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
      const status = (page: Page) => page.locator('[data-save-state]');
      const [ana, pat] = [await signInAndOpenAbout(AUTHOR.email), await signInAndOpenAbout(PUBLISHER.email)];
      for (const page of [ana, pat]) {
        await openAbout(page);
        await hero(page);
      }
      // Each sees the other there (asked every 10 s).
      await expect.poll(() => pat.getByTestId('presence').textContent(), { timeout: UI_TIMEOUT }).toBe('Also editing this page: Ana Lima');
      await expect.poll(() => ana.getByTestId('presence').textContent(), { timeout: UI_TIMEOUT }).toBe('Also editing this page: Pat Okafor');
      // Ana saves a field while Pat is typing in another: hers comes into his page by itself, his typing kept.
      await field(pat, 'Text').fill('A team of people who answer your customers as if they worked for you.');
      await field(ana, 'Line above the heading').fill('Our company');
      await ana.keyboard.press('Control+s');
      await expect.poll(() => status(ana).textContent(), { timeout: UI_TIMEOUT }).toBe('Draft saved, not live yet.');
      await expect.poll(() => status(pat).textContent(), { timeout: 2 * UI_TIMEOUT }).toBe('The change by someone else to Page opening (block 1) › Line above the heading was merged.');
      expect(await field(pat, 'Line above the heading').inputValue()).toBe('Our company');
      await expect.poll(() => pat.frameLocator(PAGE_PREVIEW).getByText('Our company').count()).toBe(1);
      expect(await field(pat, 'Text').inputValue()).toBe('A team of people who answer your customers as if they worked for you.');
      await pat.keyboard.press('Control+s');
      await expect.poll(() => status(pat).textContent(), { timeout: UI_TIMEOUT }).toBe('Draft saved, not live yet.');

      // Now both change the heading and Pat saves first: Ana is asked, at her save or before it (presence), and keeps hers.
      await field(ana, 'Heading').fill('About us, in Ana’s words');
      await field(pat, 'Heading').fill('About us, in Pat’s words');
      await pat.keyboard.press('Control+s');
      await expect.poll(() => status(pat).textContent(), { timeout: UI_TIMEOUT }).toBe('Draft saved, not live yet.');
      await ana.keyboard.press('Control+s');
      const conflict = ana.getByRole('alert').filter({ hasText: 'changed both here and by someone else' });
      await conflict.waitFor({ timeout: UI_TIMEOUT });
      expect(await conflict.locator('tbody tr').allTextContents()).toEqual([expect.stringMatching(/^Page opening \(block 1\) › Heading.*About us, in Ana’s words.*About us, in Pat’s words/)]);
      await conflict.getByRole('button', { name: /^Keep yours: / }).click();
      await ana.keyboard.press('Control+s');
      await expect.poll(() => status(ana).textContent(), { timeout: UI_TIMEOUT }).toMatch(/Draft saved, not live yet\.$/);

      const draft = await (await fetch(`${studio!.origin}/studio/api/file?file=pages/about.json`, { headers: { Cookie: await sessionCookieOf(ana) } })).json();
      const props = (draft as { draft: { value: { blocks: Array<{ props: Record<string, unknown> }> } } }).draft.value.blocks[0]!.props;
      expect(props).toMatchObject({ eyebrow: 'Our company', text: 'A team of people who answer your customers as if they worked for you.', heading: 'About us, in Ana’s words' });
    },
    6 * UI_TIMEOUT,
  );
});

describe('review before publishing', () => {
  it(
    'goes from request to the publishers told, review in words, send back with a comment, fix, approval, and a publish that is the publisher’s and names the author',
    async () => {
      const heading = () => ana.getByRole('textbox', { name: 'Heading', exact: true });
      const ana = await signInAndOpenAbout(AUTHOR.email);
      // Whatever an earlier test left: this review starts from the live page.
      await ana.evaluate(() => fetch('/studio/api/discard', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ file: 'pages/about.json' }) }));
      await openAbout(ana);
      await ana.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      await heading().fill('About us: outsourcing teams that ship');
      await ana.keyboard.press('Control+s');
      await ana.locator('[data-save-state="saved"]').waitFor();
      await ana.getByRole('button', { name: 'Ask for review…' }).click();
      await ana.getByLabel('Note for the publishers (optional)').fill('A sharper opening line for the launch.');
      await ana.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => ana.getByTestId('review-said').textContent()).toBe(`Review requested. Publishers see it in the studio and by e-mail: ${PUBLISHER.name}, ${ADMIN.name}.`);
      await expect.poll(() => ana.getByTestId('review-banner').textContent()).toMatch(/^Review asked for by Ana Lima on .*: “A sharper opening line for the launch\.”/);
      await expect.poll(() => sink!.messages.filter((m) => m.to.includes(PUBLISHER.email)).map((m) => m.headers.get('subject')?.[0])).toEqual(['Review requested: About, by Ana Lima']);

      // The publisher is told on the list, reads the change in words beside the preview, and sends it back.
      const pat = await signInAndOpenAbout(PUBLISHER.email);
      const waiting = pat.getByTestId('waiting-reviews');
      await expect.poll(() => waiting.textContent()).toMatch(/^Waiting for your review\/about: Review asked for by Ana Lima/);
      await waiting.getByRole('link', { name: '/about' }).click();
      await pat.waitForSelector('html[data-editor-ready]');
      await pat.getByRole('button', { name: 'Review', exact: true }).click();
      const changes = pat.getByTestId('review-changes').getByRole('listitem');
      await expect.poll(() => changes.allTextContents()).toEqual([expect.stringMatching(/^ChangedPage opening \(block 1\) › HeadingWas.+NowAbout us: outsourcing teams that ship$/)]);
      await expect.poll(() => pat.frameLocator(PAGE_PREVIEW).locator('h1').textContent()).toBe('About us: outsourcing teams that ship');
      expect(await editorAxeViolations(pat)).toEqual([]);
      await pat.getByRole('button', { name: 'Send back' }).click();
      await pat.getByRole('alert').filter({ hasText: 'Say what should change' }).waitFor();
      await pat.getByLabel('Comment for Ana Lima').fill('Name the three sectors we serve in the heading.');
      await pat.getByRole('button', { name: 'Send back' }).click();
      await expect.poll(() => pat.getByRole('status').filter({ hasText: 'Sent back' }).textContent()).toBe('Sent back to Ana Lima with your comment. The draft stays as it is.');

      // The author reads the comment on the page, fixes the draft and asks again.
      await ana.reload();
      await ana.waitForSelector('html[data-editor-ready]');
      await expect.poll(() => ana.getByTestId('review-banner').textContent()).toMatch(/^Sent back by Pat Okafor on .*: “Name the three sectors we serve in the heading\.”Change the page, save, and ask for a review again\.$/);
      await ana.getByRole('button', { name: 'Page opening, Anchor #hero', exact: true }).click();
      await heading().fill('About us: teams for retail, healthcare and logistics');
      await ana.keyboard.press('Control+s');
      await ana.locator('[data-save-state="saved"]').waitFor();
      await ana.getByRole('button', { name: 'Ask for review…' }).click();
      await ana.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => ana.getByTestId('review-banner').textContent()).toMatch(/^Review asked for by Ana Lima/);

      // Approved: published as the publisher's commit, naming the author; the review is over.
      await pat.reload();
      await pat.waitForSelector('html[data-editor-ready]');
      await pat.getByRole('button', { name: 'Review', exact: true }).click();
      await expect.poll(() => changes.allTextContents()).toEqual([expect.stringMatching(/NowAbout us: teams for retail, healthcare and logistics$/)]);
      await pat.getByRole('button', { name: 'Approve and publish' }).click();
      await pat.locator('[data-save-state="saved"]').waitFor({ timeout: 3 * UI_TIMEOUT });
      expect((await checkout.git('show', '--format=%an <%ae>%n%b', '--no-patch', 'HEAD')).trim()).toMatch(/^Pat Okafor <pat@example\.com>\n[\s\S]*Review requested by Ana Lima <ana@example\.com>; approved and published by Pat Okafor\.$/);
      await expect.poll(liveHeading, { timeout: 10_000, interval: 200 }).toBe('About us: teams for retail, healthcare and logistics');
      expect(await pat.getByTestId('review-banner').count()).toBe(0);
      await expect.poll(() => sink!.messages.filter((m) => m.to.includes(AUTHOR.email)).map((m) => m.headers.get('subject')?.[0])).toEqual(['Sent back: About', 'Published: About']);
      const steps = (await readFile(path.join(dataDir, 'studio', 'audit.jsonl'), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { event: string; actor: string })
        .filter((e) => e.event.startsWith('review-'));
      expect(steps.map((e) => `${e.event} ${e.actor}`)).toEqual(['review-requested ana@example.com', 'review-sent-back pat@example.com', 'review-requested ana@example.com', 'review-approved pat@example.com']);
    },
    8 * UI_TIMEOUT,
  );
});

describe('a studio with no user yet', () => {
  it(
    'prints a one-time link; the first admin sets up, reads the audit log with hostile text shown as text, and signs out for good',
    async () => {
      const emptyData = await mkdtemp(path.join(tmpdir(), 'studio-first-admin-'));
      const fresh = await startStudio(checkout.dir, emptyData);
      try {
        await expect.poll(() => /\/studio\/setup#\S+/.exec(fresh.output())?.[0], { timeout: UI_TIMEOUT }).toBeTruthy();
        const link = /(http:\S+\/studio\/setup#\S+)/.exec(fresh.output())![1]!;
        const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
        contexts.push(context);
        const page = await context.newPage();
        const dialogs: string[] = [];
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        await page.goto(`${fresh.origin}/studio`);
        await page.getByRole('heading', { name: 'The studio has no admin yet' }).waitFor();

        await page.goto(link);
        await page.getByLabel('Your name').fill('Rosa <img src=x onerror=alert(1)> Diaz');
        await page.getByLabel('Email').fill('rosa@example.com');
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Create the admin and sign in' }).click();
        await page.getByText('Signed in as').waitFor();
        expect(await page.locator('strong').first().textContent()).toBe('Rosa <img src=x onerror=alert(1)> Diaz');
        // The link works once.
        const again = await fetch(`${fresh.origin}/studio/api/setup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: fresh.origin },
          body: JSON.stringify({ token: link.split('#')[1], email: 'eve@example.com', name: 'Eve', password: PASSWORD }),
        });
        expect(again.status).toBe(400);

        // A failed sign-in whose e-mail is markup, as an attacker would send it.
        await page.evaluate(() => fetch('/studio/api/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: '<img src=x onerror=alert(2)>', password: 'not the password' }) }));
        await page.getByRole('link', { name: 'Read the audit log' }).click();
        const rows = page.getByRole('row');
        await expect.poll(() => rows.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/Sign-in failed.*<img src=x onerror=alert\(2\)>$/), expect.stringMatching(/First admin set uprosa@example\.com/)]));
        expect(await page.locator('img').count()).toBe(0);
        expect(dialogs).toEqual([]);

        const cookie = (await context.cookies()).find((c) => c.name.endsWith('studio-session'));
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
        await page.getByRole('link', { name: 'Back to the studio' }).click();
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        const stolen = await fetch(`${fresh.origin}/studio/api/me`, { headers: { Cookie: `${cookie!.name}=${cookie!.value}` } });
        expect(stolen.status).toBe(401);
      } finally {
        await fresh.stop();
        await rm(emptyData, { recursive: true, force: true });
      }
    },
    4 * UI_TIMEOUT,
  );
});
