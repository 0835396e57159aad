/**
 * Content warnings reach an editor who works in `npm run dev`: a small notice on the page (not the blocking error
 * overlay), which they can dismiss; a page saved with a byte order mark loads as any other. The dev server runs
 * on a copy of the repository in a temporary folder, so the real files stay untouched. The production build
 * carries none of it.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import { startDevProject, type DevProject } from '../../scripts/dev-project';

const root = path.resolve(import.meta.dirname, '../..');

describe('dev server: content warnings show without blocking the page', () => {
  let project: DevProject;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    project = await startDevProject('dev-warnings-', {
      // A chain of redirects (a warning), and the about page saved by a Windows editor (a byte order mark).
      async prepare(copy) {
        const config = JSON.parse(await readFile(path.join(copy, 'pages.json'), 'utf8')) as { redirects: Array<{ from: string; to: string }> };
        config.redirects.push({ from: '/zz-chain-start', to: '/zz-chain-middle' }, { from: '/zz-chain-middle', to: '/about' });
        await writeFile(path.join(copy, 'pages.json'), `${JSON.stringify(config, null, 2)}\n`);
        await writeFile(path.join(copy, 'pages/about.json'), `\uFEFF${await readFile(path.join(copy, 'pages/about.json'), 'utf8')}`);
      },
    });
    origin = project.origin;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await project?.close();
  });

  it('shows the redirect-chain warning in a status notice over a working page, and Dismiss hides it', async () => {
    const { page, context } = await openPage(browser, '/about', undefined, { origin, waitForHydration: false });
    try {
      const notice = page.locator('[data-content-warnings]');
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.getAttribute('role')).toBe('status');
      expect(await notice.textContent()).toContain('a chain of redirects: "/zz-chain-start" → "/zz-chain-middle" → "/about". Visitors are sent straight to "/about"; write "to": "/about" here so pages.json says so.');
      expect(await notice.textContent()).toMatch(/pages\.json:\d+:\d+ {2}redirects\[\d+\]\.to: a chain of redirects/);
      // The page itself, saved with a byte order mark, rendered; no error overlay.
      await page.locator('main h1').waitFor({ timeout: 30_000 });
      expect(await page.locator('main h1').textContent()).toBe('About Us');
      expect(await page.locator('vite-error-overlay').count()).toBe(0);

      await page.getByRole('button', { name: 'Dismiss the content warnings' }).click();
      expect(await notice.count()).toBe(0);
      // Dismissed stays dismissed on the next page of the tab, while the warnings are the same.
      await page.goto(`${origin}/`);
      await page.locator('main h1').first().waitFor({ timeout: 30_000 });
      await page.locator('html[data-content-warnings-state="dismissed"]').waitFor({ state: 'attached', timeout: 30_000 });
      expect(await page.locator('[data-content-warnings]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the production build carries none of it', async () => {
    const assets = path.join(root, 'dist/assets');
    const scripts = (await readdir(assets)).filter((n) => n.endsWith('.js'));
    // Among them every module the home page loads (its <meta name="app-modules">): the build is there to read.
    const home = await readFile(path.join(root, 'dist/index.html'), 'utf8');
    const modules = /<meta name="app-modules" content="([^"]+)"/.exec(home)![1]!.split(' ');
    expect(modules.length).toBeGreaterThan(0);
    expect(scripts).toEqual(expect.arrayContaining(modules.map((m) => path.basename(m))));
    for (const name of scripts) {
      expect(await readFile(path.join(assets, name), 'utf8'), name).not.toContain('content:warnings');
    }
  });
});
