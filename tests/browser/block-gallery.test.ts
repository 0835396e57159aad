/** The dev-only block gallery: /__blocks on the Vite dev server renders every schema example; production answers 404. */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBlockSchemas } from '../../scripts/content-check/schema-files';
import { UI_TIMEOUT } from '../timeouts';
import { baseUrl, launchBrowser, openPage } from './browser';

const root = path.resolve(import.meta.dirname, '../..');

interface SchemaSummary {
  type: string;
  description: string;
  examples: number;
}

async function readSchemas(): Promise<SchemaSummary[]> {
  const files = await listBlockSchemas(path.join(root, 'schemas'));
  return Promise.all(
    files.map(async ({ type, file }) => {
      const schema = JSON.parse(await readFile(file, 'utf8')) as { description?: string; examples?: unknown[] };
      return { type, description: schema.description ?? '', examples: schema.examples?.length ?? 0 };
    }),
  );
}

describe('block gallery (dev server)', () => {
  let server: ViteDevServer;
  let browser: Browser;
  let devUrl: string;

  beforeAll(async () => {
    server = await createServer({ root, configFile: path.join(root, 'vite.config.ts'), server: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
    await server.listen();
    const { port } = server.httpServer!.address() as AddressInfo;
    devUrl = `http://127.0.0.1:${port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders every example of every block type with its name, description and JSON, without console errors', async () => {
    const schemas = await readSchemas();
    expect(schemas).toHaveLength((await readdir(path.join(root, 'blocks'))).length); // one schema a block folder
    const total = schemas.reduce((sum, s) => sum + s.examples, 0);
    expect(total).toBeGreaterThan(schemas.length - 1);

    const { page, problems } = await openPage(browser, '/__blocks', undefined, { origin: devUrl, waitForHydration: false });
    // Dev compiles each block module on first request, so this can take a while on a cold server.
    await page.waitForFunction(
      (expected) => {
        const frames = [...document.querySelectorAll('[data-block]')];
        return frames.length === expected && frames.every((frame) => frame.childElementCount > 0);
      },
      total,
      { timeout: 2 * UI_TIMEOUT },
    );
    await page.waitForLoadState('networkidle');

    expect(await page.title()).toBe('Block gallery');
    expect(await page.locator('h1', { hasText: 'Block gallery' }).count()).toBe(1);
    for (const { type, description, examples } of schemas) {
      const section = page.locator(`#gallery-${type}`);
      expect.soft(await page.locator(`#gallery-${type}-name`).textContent()).toBe(type);
      expect.soft(await page.locator(`#gallery-${type}-description`).textContent()).toBe(description);
      expect.soft(await section.locator('[data-block]').count(), type).toBe(examples);
      for (let n = 1; n <= examples; n++) expect.soft(await page.locator(`[data-block="${type}"]#${type}-example-${n}`).count(), `${type} #${n}`).toBe(1);
      expect.soft(await page.locator(`nav a[href="#gallery-${type}"]`).count(), type).toBe(1);
    }
    // The JSON of each example sits in a <pre> inside a <details>.
    expect(await page.locator('details pre').count()).toBe(total);
    const firstJson = await page.locator('details pre').first().textContent();
    expect(() => JSON.parse(firstJson ?? '')).not.toThrow();
    expect(await page.getByText('failed to render').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('block gallery (production build)', () => {
  it('is not part of the site: /__blocks answers 404', async () => {
    const response = await fetch(`${baseUrl()}/__blocks`);
    expect(response.status).toBe(404);
  });
});
