/**
 * `npm run dev` shows TypeScript errors in the browser (vite-plugin-checker): a component that still reads a
 * property its schema renamed is red at once, although the content check passes. The dev server runs on a copy
 * of the repository in a temporary folder, so the real files stay untouched.
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';

const root = path.resolve(import.meta.dirname, '../..');
// What tsconfig.json includes, so the copy type-checks as the repository does.
const copied = ['pages', 'pages.json', 'content-versions.json', 'schemas', 'public', 'src', 'blocks', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'scripts', 'server', 'tests', 'migrations'];
const component = 'blocks/page-hero/page-hero.tsx';

describe('dev server: TypeScript errors in the overlay', () => {
  let copy: string;
  let server: ViteDevServer;
  let browser: Browser;
  let origin: string;
  let line = 0;

  beforeAll(async () => {
    copy = await mkdtemp(path.join(tmpdir(), 'dev-type-errors-'));
    for (const entry of copied) await cp(path.join(root, entry), path.join(copy, entry), { recursive: true });
    await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    // The component reads a property the schema does not have, as after a rename it missed.
    const file = path.join(copy, component);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('heading');
    line = `${text}\n`.split('\n').length;
    await writeFile(file, `${text}\nexport const leftBehind = (props: import('../../src/generated/block-props').PageHeroProps) => props.kicker;\n`);
    process.env.DEV_TYPE_CHECK = '1';
    try {
      server = await createServer({ root: copy, configFile: path.join(copy, 'vite.config.ts'), cacheDir: path.join(copy, '.vite'), server: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
    } finally {
      delete process.env.DEV_TYPE_CHECK;
    }
    await server.listen();
    origin = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('names the file, the line and the missing property', async () => {
    const { page, context } = await openPage(browser, '/about', undefined, { origin, waitForHydration: false });
    try {
      const text = () => page.evaluate(() => document.querySelector('vite-plugin-checker-error-overlay')?.shadowRoot?.textContent ?? '');
      await page.waitForFunction(() => (document.querySelector('vite-plugin-checker-error-overlay')?.shadowRoot?.textContent ?? '').includes("Property 'kicker' does not exist"), undefined, { timeout: 120_000 }).catch(async () => {
        throw new Error(`the overlay never showed the type error; it showed: ${(await text()) || 'nothing'}`);
      });
      expect(await text()).toContain(`${component}:${line}:`);
    } finally {
      await context.close();
    }
  }, 180_000);
});
