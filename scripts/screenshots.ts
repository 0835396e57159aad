/**
 * npm run screenshots -- [/path …]: full-page screenshots of the production build at 390 px and 1280 px
 * wide, written to .screenshots/, for looking at what a change did. Default: a sample of routes.
 */
import { distLayout } from '../src/model/dist-layout.ts';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureBuilt } from './build.ts';
import { createSiteServer } from '../server/site-server.ts';
import { createApiHandler } from '../server/api/router.ts';
import { createFileStore } from '../server/enquiries/file-store.ts';
import { siteConfig as site } from '../src/model/site-config.ts';

const root = path.resolve(import.meta.dirname, '..');
const routes = process.argv.slice(2).filter((a) => a.startsWith('/'));
const targets = routes.length ? routes : ['/', '/about', '/customer-support', '/saas-software', '/contact', '/no-such-page'];
const widths = [390, 1280];

await ensureBuilt();
const server = createSiteServer({
  distDir: path.join(root, 'dist'),
  site,
  apiHandler: createApiHandler({ enquiries: createFileStore(path.join(root, '.data')), siteId: site.settings.siteId }),
  renderDir: path.join(root, distLayout.renderDir),
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const outDir = path.join(root, '.screenshots');
await mkdir(outDir, { recursive: true });
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  for (const route of targets) {
    await page.goto(base + route);
    await page.waitForSelector('html[data-hydrated]');
    const file = path.join(outDir, `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(path.relative(root, file));
  }
  await context.close();
}
await browser.close();
server.close();
