/**
 * Islands (docs/architecture.md, "Hydration"): the production build hydrates the blocks that declare a mode, each
 * as its own root over its server HTML, and nothing else; a page reads completely with JavaScript off.
 */
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockRegistry } from '../../src/generated/block-registry';
import { baseUrl, connectBrowserForFile, newContext, openPage } from './browser';

let browser: Browser;
connectBrowserForFile((connected) => (browser = connected));

const modeOf = (type: string) => blockRegistry[type as keyof typeof blockRegistry].hydrate;

/** Every block root of the page: its type, its island mode (null when it is none), whether it is hydrated. */
const blockRoots = (page: Page) => page.$$eval('[data-block]', (roots) => roots.map((r) => ({ type: r.getAttribute('data-block')!, island: r.getAttribute('data-island'), hydrated: r.hasAttribute('data-hydrated') })));

/** The JavaScript files the page requested, by path. */
const requestedScripts = (page: Page) => page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')));

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };
const manifest = () => JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
/** The manifest keys a module loads before it runs: itself and its static imports, transitively. */
function staticClosure(key: string, chunks = manifest(), seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunks[key]?.imports ?? []) staticClosure(imported, chunks, seen);
  return seen;
}

describe('islands', () => {
  it('marks as islands exactly the blocks whose schema declares a hydration mode', async () => {
    const { page, context, problems } = await openPage(browser, '/', { width: 1280, height: 800 });
    const roots = await blockRoots(page);
    expect(roots.length).toBeGreaterThan(5);
    for (const root of roots) expect({ type: root.type, island: root.island }).toEqual({ type: root.type, island: modeOf(root.type) === 'none' ? null : modeOf(root.type) });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hydrates each island once it comes near, and never a static block; no hydration error', async () => {
    const { page, context, problems } = await openPage(browser, '/', { width: 390, height: 844 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((r) => r.hasAttribute('data-hydrated')));
    const roots = await blockRoots(page);
    expect(roots.filter((r) => r.island !== null).every((r) => r.hydrated)).toBe(true);
    expect(roots.filter((r) => r.island === null).some((r) => r.hydrated)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a text page requests only the entry, the runtime and its islands’ modules, never a static block’s', async () => {
    const { page, context, problems } = await openPage(browser, '/privacy-policy', { width: 390, height: 844 });
    const modules = await page.$eval('meta[name="app-modules"]', (m) => (m as HTMLMetaElement).content.split(' '));
    const scripts = await requestedScripts(page);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(modules).toContain(script);
    expect(scripts.some((s) => /\/legal-text-[\w-]+\.js$/.test(s))).toBe(false);
    const islands = (await blockRoots(page)).filter((r) => r.island !== null).map((r) => r.type);
    expect(islands).not.toContain('legal-text');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the entry and the runtime import no React: a page without islands loads none', () => {
    const loaded = [...staticClosure('index.html'), ...staticClosure('src/render/start-islands.ts')];
    expect(loaded).toContain('src/render/start-islands.ts');
    const chunks = manifest();
    const react = Object.keys(chunks).filter((key) => /node_modules\/react(-dom)?\//.test(key) || /^_react/.test(key));
    expect(loaded.filter((key) => react.includes(key) || chunks[key]!.file.includes('react-dom'))).toEqual([]);
    // React is in the hydrator's closure, which only a page with an island imports.
    expect([...staticClosure('src/render/hydrate-island.tsx')].some((key) => react.includes(key))).toBe(true);
  });

  it('a page without islands (/privacy-policy) downloads neither React nor the hydrator', async () => {
    const { page, context, problems } = await openPage(browser, '/privacy-policy', { width: 390, height: 844 });
    expect((await blockRoots(page)).filter((r) => r.island !== null)).toEqual([]);
    const chunks = manifest();
    const runtime = new Set([...staticClosure('index.html', chunks), ...staticClosure('src/render/start-islands.ts', chunks)]);
    const hydratorOnly = [...staticClosure('src/render/hydrate-island.tsx', chunks)].filter((key) => !runtime.has(key)).map((key) => `/${chunks[key]!.file}`);
    expect(hydratorOnly.length).toBeGreaterThan(0);
    // The header's menus work all the same: its enhance script ran.
    await page.waitForSelector('html[data-hydrated]');
    const scripts = await requestedScripts(page);
    expect(scripts.filter((s) => hydratorOnly.includes(s))).toEqual([]);
    expect(scripts).toContain(`/${chunks['blocks/site-header/site-header.enhance.ts']!.file}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('ships the Insights list and an article the server had as final HTML: no React; the contents list still works', async () => {
    const chunks = manifest();
    const runtime = new Set([...staticClosure('index.html', chunks), ...staticClosure('src/render/start-islands.ts', chunks)]);
    const hydratorOnly = [...staticClosure('src/render/hydrate-island.tsx', chunks)].filter((key) => !runtime.has(key)).map((key) => `/${chunks[key]!.file}`);
    const { page, context, problems } = await openPage(browser, '/blogs', { width: 1280, height: 800 });
    await page.waitForSelector('html[data-hydrated]');
    expect((await blockRoots(page)).find((r) => r.type === 'blog-grid')).toEqual({ type: 'blog-grid', island: null, hydrated: false });
    const slug = (await page.locator('#articles article a').first().getAttribute('href'))!;
    await page.goto(baseUrl() + slug);
    await page.waitForSelector('html[data-hydrated]');
    expect((await blockRoots(page)).find((r) => r.type === 'blog-article')).toEqual({ type: 'blog-article', island: null, hydrated: false });
    const contents = page.locator('#article nav').first();
    const current = () => contents.locator('a[aria-current]').allTextContents();
    const entries = await contents.getByRole('link').allTextContents();
    expect(await current()).toEqual([entries[0]]);
    // Reading on: the entry of the heading last scrolled past is marked.
    const third = contents.getByRole('link').nth(2);
    await third.click();
    await expect.poll(current).toEqual([entries[2]]);
    // The title's entry: a smooth scroll to 20 px below the sticky header, the focus on the title.
    await contents.getByRole('link').first().click();
    await expect.poll(() => page.evaluate(() => Math.round(document.querySelector('h1')!.getBoundingClientRect().top - document.querySelector<HTMLElement>('[data-block="site-header"]')!.offsetHeight))).toBe(20);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('article-title');
    await expect.poll(current).toEqual([entries[0]]);
    expect((await requestedScripts(page)).filter((s) => hydratorOnly.includes(s))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads completely with JavaScript off', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const route of ['/privacy-policy', '/', '/customer-support', '/insights']) {
      await page.goto(baseUrl() + route);
      const empty = await page.$$eval('[data-block]', (roots) => roots.filter((r) => (r.textContent ?? '').trim() === '' && !r.querySelector('img, svg, picture')).map((r) => r.getAttribute('data-block')));
      expect({ route, empty }).toEqual({ route, empty: [] });
    }
    await page.goto(baseUrl() + '/privacy-policy');
    const sections = await page.$$eval('[data-block="legal-text"] h2', (headings) => headings.length);
    expect(sections).toBeGreaterThan(3);
    await context.close();
  });
});
