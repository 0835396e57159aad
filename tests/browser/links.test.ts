/** linkinator over the production build: every internal link and #anchor in the served HTML leads somewhere. */
import { LinkChecker, LinkState } from 'linkinator';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';

describe('internal links', () => {
  it('finds no broken link or anchor on any page reachable from the home page', async () => {
    const origin = baseUrl();
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${origin}/`,
      recurse: true,
      checkFragments: true,
      concurrency: 8,
      timeout: 10_000,
      // Outside links (social profiles, the public site URL in canonical tags) are not ours to check here.
      linksToSkip: async (link) => !link.startsWith(origin),
    });
    const checked = result.links.filter((l) => l.state !== LinkState.SKIPPED);
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN).map((l) => `${l.url} (status ${l.status}) on ${l.parent}${l.failureDetails?.length ? `: ${JSON.stringify(l.failureDetails[0]).slice(0, 200)}` : ''}`);
    expect(broken).toEqual([]);
    // A crawl that stopped at the home page would pass without checking anything.
    expect(checked.length).toBeGreaterThan(100);
  });
});
