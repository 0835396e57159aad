/**
 * The production build served with the blog API's sample articles plus the hostile article
 * (tests/fixtures/hostile-html-article.json), from a temporary copy, for the tests of the article sanitiser: by a
 * server that renders the article with its text (the sanitiser in Node), and by one whose own calls to the API
 * fail, as in an outage at render time, so that it serves the article's prerendered page and the browser fetches
 * the article and sanitises it itself.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createApiHandler, type ApiHandler, type EmbeddedApi } from '../../server/api/router.ts';
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
  /** The server renders the article, with its text, into the page. */
  origin: string;
  /** The server cannot reach the API itself: the page comes without the article, which the browser fetches. */
  browserFetchOrigin: string;
  close(): Promise<void>;
}

/** What the server's own calls to the API get at browserFetchOrigin: the service is down. */
const serviceDown: typeof fetch = async () => new Response('{"status":false}', { status: 503 });

async function startHostileArticleSite(): Promise<HostileArticleSite> {
  const work = await mkdtemp(path.join(tmpdir(), 'hostile-'));
  await cp(path.join(root, 'server', 'api', 'sample-blogs'), work, { recursive: true });
  await cp(hostileArticleFile, path.join(work, `${hostileArticleSlug}.json`));
  const api = createApiHandler({ enquiries: createFileStore(path.join(work, 'data')), siteId: site.settings.siteId, samplesDir: work });
  const serve = (apiHandler: EmbeddedApi) => createSiteServer({ distDir: path.join(root, distLayout.clientDir), site, apiHandler, apiHost: '', renderDir: path.join(root, distLayout.renderDir) });
  const servers = [serve(api), serve(Object.assign((...args: Parameters<ApiHandler>) => api(...args), { fetch: serviceDown }))];
  const [origin, browserFetchOrigin] = await Promise.all(servers.map(listen));
  return {
    origin: origin!,
    browserFetchOrigin: browserFetchOrigin!,
    async close() {
      await Promise.all(servers.map(closeServer));
      await rm(work, { recursive: true, force: true });
    },
  };
}

/** Serves the site and connects to the run's browser before the calling file's tests, and stops both after them. */
export function serveHostileArticleSite(): { readonly origin: string; readonly browserFetchOrigin: string; readonly browser: Browser } {
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
    get browserFetchOrigin() {
      if (!started) throw notStarted();
      return started.browserFetchOrigin;
    },
    get browser() {
      if (!browser) throw notStarted();
      return browser;
    },
  };
}
