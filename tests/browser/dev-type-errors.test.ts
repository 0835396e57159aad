/**
 * `npm run dev` shows TypeScript errors in the browser (vite-plugin-checker): a component that still reads a
 * property its schema renamed is red at once, although the content check passes. The dev server runs on a copy
 * of the repository in a temporary folder, so the real files stay untouched.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import { startDevProject, type DevProject } from '../../scripts/dev-project';

const component = 'blocks/page-hero/page-hero.tsx';
// A property page-hero does not have (checked below), and never will: a plausible name ("kicker") can become a
// real one by an honest rename, and this test would then fail for no fault of the overlay.
const missing = 'propertyTheSchemaLacks';

describe('dev server: TypeScript errors in the overlay', () => {
  let project: DevProject;
  let browser: Browser;
  let origin: string;
  let line = 0;

  beforeAll(async () => {
    project = await startDevProject('dev-type-errors-', {
      alsoCopy: ['tests'],
      typeCheck: true,
      // The component reads a property the schema does not have, as after a rename it missed.
      async prepare(copy) {
        const schema = JSON.parse(await readFile(path.join(copy, 'schemas/blocks/page-hero.schema.json'), 'utf8')) as { properties: Record<string, unknown> };
        expect(Object.keys(schema.properties)).not.toContain(missing);
        const file = path.join(copy, component);
        const text = await readFile(file, 'utf8');
        line = `${text}\n`.split('\n').length;
        await writeFile(file, `${text}\nexport const leftBehind = (props: import('../../src/generated/block-props').PageHeroProps) => props.${missing};\n`);
      },
    });
    origin = project.origin;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await project?.close();
  });

  it('names the file, the line and the missing property', async () => {
    const { page, context } = await openPage(browser, '/about', undefined, { origin, waitForHydration: false });
    try {
      const text = () => page.evaluate(() => document.querySelector('vite-plugin-checker-error-overlay')?.shadowRoot?.textContent ?? '');
      await page
        .waitForFunction((expected) => (document.querySelector('vite-plugin-checker-error-overlay')?.shadowRoot?.textContent ?? '').includes(expected), `Property '${missing}' does not exist`, { timeout: 120_000 })
        .catch(async () => {
          throw new Error(`the overlay never showed the type error; it showed: ${(await text()) || 'nothing'}`);
        });
      expect(await text()).toContain(`${component}:${line}:`);
    } finally {
      await context.close();
    }
  }, 180_000);
});
