/**
 * The setting of a test file that edits /about in the page editor: one dev project on a copy of the site and one
 * browser for the file, the open context closed and pages/about.json put back after each test.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startDevProject, type DevProject } from '../../scripts/dev-project';
import { launchBrowser } from './browser';

export interface AboutEditorProject {
  project: DevProject;
  browser: Browser;
  /** The test's browser context, closed after it. */
  context: BrowserContext | undefined;
  aboutFile: string;
  aboutOriginal: string;
}

export function aboutEditorProject(prefix: string): AboutEditorProject {
  const setting = { context: undefined } as AboutEditorProject;
  beforeAll(async () => {
    setting.project = await startDevProject(prefix);
    setting.browser = await launchBrowser();
    setting.aboutFile = path.join(setting.project.dir, 'pages/about.json');
    setting.aboutOriginal = await readFile(setting.aboutFile, 'utf8');
  });
  afterEach(async () => {
    await setting.context?.close();
    setting.context = undefined;
    await writeFile(setting.aboutFile, setting.aboutOriginal);
  });
  afterAll(async () => {
    await setting.browser?.close();
    await setting.project?.close();
  });
  return setting;
}
