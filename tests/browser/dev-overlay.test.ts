/**
 * A JSON syntax error in a page document or in pages.json reaches the editor in `npm run dev`: Vite's error
 * overlay names the file and line, and the page says in words that it could not be loaded (never blank).
 * The dev server runs on a copy of the repository in a temporary folder, so the real files stay untouched.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TIMEOUT } from '../timeouts';
import { launchBrowser, openPage } from './browser';

const root = path.resolve(import.meta.dirname, '../..');
const copied = ['pages', 'pages.json', 'schemas', 'public', 'src', 'blocks', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'scripts', 'server'];
/** Read by the content check when present. */
const copiedIfPresent = ['content-versions.json'];

/** Writes `broken` over `text`'s first `find`, and returns the 1-based line the syntax error is on. */
function breakJson(text: string, find: string): { broken: string; line: number } {
  const at = text.indexOf(find);
  expect(at, `the file contains ${find}`).toBeGreaterThan(-1);
  return { broken: `${text.slice(0, at + find.length)} "oops",${text.slice(at + find.length)}`, line: text.slice(0, at).split('\n').length };
}

/** The overlay's text (message and file line), once it names `expected`. */
async function overlayText(page: Page, expected: string): Promise<string> {
  const read = () =>
    page.evaluate(() => {
      const shadow = document.querySelector('vite-error-overlay')?.shadowRoot;
      return shadow ? ['.message-body', '.file'].map((s) => shadow.querySelector(s)?.textContent ?? '').join('\n') : '';
    });
  await page.waitForFunction(
    (text) => {
      const shadow = document.querySelector('vite-error-overlay')?.shadowRoot;
      return Boolean(shadow && ['.message-body', '.file'].some((s) => shadow.querySelector(s)?.textContent?.includes(text)));
    },
    expected,
    // Vite compiles the page's modules on first request, on a cold server.
    { timeout: 2 * UI_TIMEOUT },
  ).catch(async () => {
    throw new Error(`the overlay never named ${expected}; it showed: ${(await read()) || 'no overlay'}`);
  });
  return read();
}

describe('dev server: syntax errors in content reach the overlay with file:line', () => {
  let copy: string;
  let server: ViteDevServer;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    copy = await mkdtemp(path.join(tmpdir(), 'dev-overlay-'));
    for (const entry of [...copied, ...copiedIfPresent.filter((e) => existsSync(path.join(root, e)))]) {
      await cp(path.join(root, entry), path.join(copy, entry), { recursive: true });
    }
    await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    server = await createServer({
      root: copy,
      configFile: path.join(copy, 'vite.config.ts'),
      // Its own dependency cache: the default one lies in the real node_modules, behind the symlink.
      cacheDir: path.join(copy, '.vite'),
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

  it.each([
    ['a page document', 'pages/about.json', '/about', '"title"'],
    ['pages.json', 'pages.json', '/', '"routes"'],
  ])('%s: the overlay shows file:line and the page says it could not be loaded', async (_what, rel, route, find) => {
    const file = path.join(copy, rel);
    const original = await readFile(file, 'utf8');
    const { broken, line } = breakJson(original, find);
    await writeFile(file, broken);
    try {
      const { page, context } = await openPage(browser, route, undefined, { origin, waitForHydration: false });
      try {
        const text = await overlayText(page, `${rel}:${line}:`);
        expect(text).toContain('JSON syntax error');
        expect(text).not.toContain('[object Object]');
        // Behind the overlay, the page is not blank.
        await page.waitForSelector('[data-load-failure]');
        expect(await page.locator('[data-load-failure] h1').textContent()).toBe('This page could not be loaded');
      } finally {
        await context.close();
      }
    } finally {
      await writeFile(file, original);
    }
  });
});
