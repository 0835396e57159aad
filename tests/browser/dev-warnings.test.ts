/**
 * Content warnings reach an editor who works in `npm run dev`: a small notice on the page (not the blocking error
 * overlay), which they can dismiss; a page saved with a byte order mark loads as any other. The dev server runs
 * on a copy of the repository in a temporary folder, so the real files stay untouched. The production build
 * carries none of it.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';

const root = path.resolve(import.meta.dirname, '../..');
const copied = ['pages', 'pages.json', 'schemas', 'public', 'src', 'blocks', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'scripts', 'server'];
const copiedIfPresent = ['content-versions.json'];

describe('dev server: content warnings show without blocking the page', () => {
  let copy: string;
  let server: ViteDevServer;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    copy = await mkdtemp(path.join(tmpdir(), 'dev-warnings-'));
    for (const entry of [...copied, ...copiedIfPresent.filter((e) => existsSync(path.join(root, e)))]) {
      await cp(path.join(root, entry), path.join(copy, entry), { recursive: true });
    }
    await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    // A chain of redirects (a warning), and the about page saved by a Windows editor (a byte order mark).
    const config = JSON.parse(await readFile(path.join(copy, 'pages.json'), 'utf8')) as { redirects: Array<{ from: string; to: string }> };
    config.redirects.push({ from: '/zz-chain-start', to: '/zz-chain-middle' }, { from: '/zz-chain-middle', to: '/about' });
    await writeFile(path.join(copy, 'pages.json'), `${JSON.stringify(config, null, 2)}\n`);
    await writeFile(path.join(copy, 'pages/about.json'), `\uFEFF${await readFile(path.join(copy, 'pages/about.json'), 'utf8')}`);
    server = await createServer({
      root: copy,
      configFile: path.join(copy, 'vite.config.ts'),
      cacheDir: path.join(copy, '.vite'), // its own: the default one lies in the real node_modules, behind the symlink
      server: { port: 0, host: '127.0.0.1' },
      logLevel: 'silent',
    });
    await server.listen();
    origin = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (copy) await rm(copy, { recursive: true, force: true });
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
      await page.waitForTimeout(1000);
      expect(await page.locator('[data-content-warnings]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the production build carries none of it', async () => {
    const assets = path.join(root, 'dist/assets');
    for (const name of (await readdir(assets)).filter((n) => n.endsWith('.js'))) {
      expect(await readFile(path.join(assets, name), 'utf8'), name).not.toContain('content:warnings');
    }
  });
});
