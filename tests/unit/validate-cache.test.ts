// @vitest-environment node
/** The result cache (--cache) changes how long a check takes, never what it reports. */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { baseSiteConfig, basePages, page, fixtureSitePerTest } from './fixtures/content-site';

const cacheFile = '.build-cache/content-check.json';
const indexFile = '.build-cache/content-index.txt';

const site = fixtureSitePerTest();

/** The report without a cache, and with it; they must be the same. */
async function bothWays(): Promise<{ issues: string[]; cached: number | undefined }> {
  const fresh = await validateContent({ root: site.root });
  const withCache = await validateContent({ root: site.root, cacheFile });
  expect(withCache.issues).toEqual(fresh.issues);
  expect(withCache.stats.blocks).toBe(fresh.stats.blocks);
  return { issues: withCache.issues.map(formatIssue), cached: withCache.stats.cached };
}

const pages = basePages() as Record<string, { title: string; description: string }>;
const hero = (props: Record<string, unknown>) => ({ type: 'hero', id: 'hero', props: { heading: 'Hi', text: 'Welcome', cta: { label: 'Go', href: '/about' }, image: { src: '/share.png', alt: 'A', width: 10, height: 10 }, ...props } });

/** A site with a problem of every kind a document can carry into the checks across documents. */
async function writeBrokenSite() {
  const config = baseSiteConfig();
  config.routes.push({ path: '/gone', page: 'gone' }, { path: '/broken', page: 'broken' }, { path: '/dup', page: 'dup' });
  config.redirects.push({ from: '/a', to: '/b' }, { from: '/b', to: '/about' });
  await site.write('pages.json', config);
  await site.write('pages/broken.json', '{\n  "title": "Broken"\n  "description": "x"\n}\n');
  await site.write('pages/dup.json', `{\n  "title": "Duplicated keys here",\n  "title": "Duplicated keys there",\n  "description": "${pages.about!.description}",\n  "blocks": [{ "type": "page-hero", "props": { "heading": 4 } }]\n}\n`);
  await site.write(
    'pages/home.json',
    page(pages.about!.title, 'The home page of the test company, long enough to pass the rule.', [
      hero({ cta: { label: 'Go', href: '/abuot#top' }, image: { src: '/img/missing.svg', alt: 'A', width: 10, height: 10 } }),
      { fragment: 'closnig' },
      { type: 'page-hero', id: 'hero', props: { heading: 'Again', cta: { label: 'Jump', href: '#nowhere' } } },
    ]),
  );
  await site.write('pages/draft.json', page('A draft of the test company', 'A page nobody routes to yet, written long enough to pass the rule.', [{ type: 'page-hero', props: { heading: 'Draft' } }]));
}

describe('validateContent with a result cache', () => {
  it('reports the same as without it: cold, warm, after an edit, a deletion and a schema change', async () => {
    await writeBrokenSite();
    const first = await bothWays();
    expect(first.cached).toBe(0);
    expect(first.issues.length).toBeGreaterThan(10);
    const rules = new Set((await validateContent({ root: site.root })).issues.map((i) => i.rule));
    for (const rule of [
      'json-syntax',
      'duplicate-key',
      'schema',
      'missing-page',
      'broken-link',
      'missing-image',
      'missing-fragment',
      'duplicate-id',
      'broken-anchor',
      'duplicate-title',
      'duplicate-description',
      'unused-page',
      'redirect-chain',
    ]) {
      expect(rules).toContain(rule);
    }

    const warm = await bothWays();
    expect(warm.cached).toBe(8); // pages.json and seven pages
    expect(warm.issues).toEqual(first.issues);

    // One edit: the about page gets a new description and an id a link elsewhere can point at.
    await site.write('pages/about.json', page(pages.about!.title, 'About the test company, changed to a new description that is long enough.', [{ type: 'page-hero', id: 'top', props: { heading: 'About us' } }]));
    const edited = await bothWays();
    // Checked again: the edited page, and the page that shared its old description (the site index's reach).
    expect(edited.cached).toBe(6);
    expect(edited.issues).not.toEqual(first.issues);

    await rm(path.join(site.root, 'pages/broken.json'));
    const deleted = await bothWays();
    expect(deleted.cached).toBe(7);
    expect(deleted.issues.some((i) => i.startsWith('pages/broken.json'))).toBe(false);

    await site.write('schemas/defs/block-id.schema.json', { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string', pattern: '^[a-z]+$', description: 'Lower-case letters only.' });
    const schemaChanged = await bothWays();
    expect(schemaChanged.cached).toBe(0);
  });

  it('starts over from a damaged cache file or site index', async () => {
    await writeBrokenSite();
    const before = await bothWays();
    await site.write(indexFile, '{ not json');
    const noIndex = await bothWays();
    expect(noIndex.cached).toBe(8); // every document's facts from the result cache, checked across the site again
    expect(noIndex.issues).toEqual(before.issues);
    await site.write(indexFile, '{ not json');
    await site.write(cacheFile, '{ not json');
    const after = await bothWays();
    expect(after.cached).toBe(0);
    expect(after.issues).toEqual(before.issues);
  });

  it('reports the same when worker threads check the documents: cold, warm and after an edit', async () => {
    await writeBrokenSite();
    const here = await validateContent({ root: site.root });
    const inWorkers = await validateContent({ root: site.root, workersFrom: 1 });
    expect(inWorkers.issues).toEqual(here.issues);
    const cold = await validateContent({ root: site.root, cacheFile, workersFrom: 1 });
    expect(cold.issues).toEqual(here.issues);
    expect(cold.stats.cached).toBe(0);
    const warm = await validateContent({ root: site.root, cacheFile, workersFrom: 1 });
    expect(warm.issues).toEqual(here.issues);
    expect(warm.stats.cached).toBe(8);

    await site.write('pages/about.json', page(pages.about!.title, pages.about!.description, [{ type: 'page-hero', id: 'top', props: { heading: 'About us, edited' } }]));
    await rm(path.join(site.root, indexFile)); // else the site index has the edited page checked here, without workers
    const edited = await validateContent({ root: site.root, cacheFile, workersFrom: 1 });
    expect(edited.issues).toEqual((await validateContent({ root: site.root })).issues);
    expect(edited.stats.cached).toBe(7);
    // The edited page's line is added to the file, not the file written again; the last line of a file counts.
    const lines = (await readFile(path.join(site.root, cacheFile), 'utf8')).split('\n');
    expect(lines).toHaveLength(1 + 8 + 1);
    expect(lines.at(-1)).toContain('"pages/about.json"');
    const after = await validateContent({ root: site.root, cacheFile });
    expect(after.issues).toEqual(edited.issues);
    expect(after.stats.cached).toBe(8);
  });
});
