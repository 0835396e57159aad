/** linkinator over the production build: every internal link and #anchor in the served HTML leads somewhere. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LinkChecker, LinkState } from 'linkinator';
import { describe, expect, it } from 'vitest';
import { staticPaths } from '../../src/model/routes';
import type { SiteConfig } from '../../src/generated/pages-json';
import { UI_TIMEOUT } from '../timeouts';
import { baseUrl } from './browser';

const site = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../pages.json'), 'utf8')) as SiteConfig;

describe('internal links', () => {
  it('finds no broken link or anchor on any page reachable from the home page', async () => {
    const origin = baseUrl();
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${origin}/`,
      recurse: true,
      checkFragments: true,
      concurrency: 8,
      timeout: UI_TIMEOUT,
      // Outside links (social profiles, the public site URL in canonical tags) are not ours to check here.
      linksToSkip: async (link) => !link.startsWith(origin),
    });
    const checked = result.links.filter((l) => l.state !== LinkState.SKIPPED);
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN).map((l) => `${l.url} (status ${l.status}) on ${l.parent}${l.failureDetails?.length ? `: ${JSON.stringify(l.failureDetails[0]).slice(0, 200)}` : ''}`);
    expect(broken).toEqual([]);
    // A crawl that stopped at the home page would pass without checking anything: it must reach every route.
    const crawled = new Set(checked.map((l) => new URL(l.url).pathname));
    expect(staticPaths(site).filter((p) => !crawled.has(p))).toEqual([]);
    // Articles come with their links in the HTML (rendered on request): the crawl reaches them through the cards.
    expect([...crawled].filter((p) => /^\/blogs\/[^/]+$/.test(p)).length).toBeGreaterThan(0);
  });
});
