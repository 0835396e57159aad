/**
 * The production build served with the blog API's sample articles plus the hostile article
 * (tests/fixtures/hostile-html-article.json), from a temporary copy, for the tests of the article sanitiser.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createApiHandler } from '../../server/api/router.ts';
import { createFileStore } from '../../server/enquiries/file-store.ts';
import { createSiteServer } from '../../server/site-server.ts';
import { distLayout } from '../../src/model/dist-layout.ts';
import { siteConfig as site } from '../../src/model/site-config.ts';
import { launchBrowser } from './browser.ts';
import { close as closeServer, listen } from '../unit/fixtures/listen.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const hostileArticleFile = path.join(root, 'tests', 'fixtures', 'hostile-html-article.json');
export const hostileArticleSlug = 'hostile-html-article';

interface HostileArticleSite {
  origin: string;
  close(): Promise<void>;
}

async function startHostileArticleSite(): Promise<HostileArticleSite> {
  const work = await mkdtemp(path.join(tmpdir(), 'hostile-'));
  await cp(path.join(root, 'server', 'api', 'sample-blogs'), work, { recursive: true });
  await cp(hostileArticleFile, path.join(work, `${hostileArticleSlug}.json`));
  const api = createApiHandler({ enquiries: createFileStore(path.join(work, 'data')), siteId: site.settings.siteId, samplesDir: work });
  const server = createSiteServer({ distDir: path.join(root, distLayout.clientDir), site, apiHandler: api, apiHost: '', renderDir: path.join(root, distLayout.renderDir) });
  const origin = await listen(server);
  return {
    origin,
    async close() {
      await closeServer(server);
      await rm(work, { recursive: true, force: true });
    },
  };
}

/** Serves the site and connects to the run's browser before the calling file's tests, and stops both after them. */
export function serveHostileArticleSite(): { readonly origin: string; readonly browser: Browser } {
  let started: HostileArticleSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    started = await startHostileArticleSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await started?.close();
  });
  const notStarted = () => new Error('The hostile article site is used before its beforeAll ran: use it inside a test.');
  return {
    get origin() {
      if (!started) throw notStarted();
      return started.origin;
    },
    get browser() {
      if (!browser) throw notStarted();
      return browser;
    },
  };
}
