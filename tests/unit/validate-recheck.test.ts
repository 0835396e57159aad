// @vitest-environment node
/**
 * The check after a few edits (scripts/content-check/recheck.ts, site-index.ts): only the edited pages and the pages
 * an edit reaches are checked again, and the report is the full check's, edit after edit.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { baseSiteConfig, basePages, page, fixtureSitePerTest } from './fixtures/content-site';

const cacheFile = '.build-cache/content-check.json';
const site = fixtureSitePerTest();
const pages = basePages() as Record<string, { title: string; description: string }>;

const hero = (heading: string, id: string, href?: string) => ({ type: 'page-hero', id, props: { heading, ...(href ? { cta: { label: 'More', href } } : {}) } });
const team = (id: string) => ({ type: 'closing-banner', id, props: { heading: 'Meet the team', cta: { label: 'Contact', href: '/about' } } });
const about = (teamId: string) => page(pages.about!.title, pages.about!.description, [hero('About us', 'hero'), team(teamId)]);

/** The report with the index and without any cache; they must be the same. Returns how many documents were not checked again. */
async function sameAsFullCheck(): Promise<{ cached: number; issues: string[] }> {
  const full = await validateContent({ root: site.root });
  const withIndex = await validateContent({ root: site.root, cacheFile });
  expect(withIndex.issues.map(formatIssue)).toEqual(full.issues.map(formatIssue));
  expect(withIndex.stats.blocks).toBe(full.stats.blocks);
  return { cached: withIndex.stats.cached!, issues: withIndex.issues.map(formatIssue) };
}

describe('the content check after a few edits', () => {
  it('checks the edited page and the pages it reaches, and reports what the full check reports', async () => {
    // Home and the footer (pages.json) link into the about page's "team" block.
    const config = baseSiteConfig();
    config.layout.footer.props.columns[0]!.links.push({ label: 'Team', href: '/about#team' });
    await site.write('pages.json', config);
    await site.write('pages/about.json', about('team'));
    await site.write('pages/home.json', page(pages.home!.title, pages.home!.description, [hero('Welcome', 'hero', '/about#team'), { fragment: 'closing' }]));
    const documents = 5; // pages.json and four pages

    const first = await sameAsFullCheck();
    expect(first.issues).toEqual([]);
    expect(first.cached).toBe(0);
    expect((await sameAsFullCheck()).cached).toBe(documents);

    // The anchor's id renamed: home and the footer now point nowhere, and are checked again with the edited page.
    await site.write('pages/about.json', about('crew'));
    const renamed = await sameAsFullCheck();
    expect(renamed.cached).toBe(documents - 3);
    expect(renamed.issues.filter((i) => i.includes('#team'))).toHaveLength(2);
    expect(renamed.issues.some((i) => i.startsWith('pages.json:'))).toBe(true);
    expect(renamed.issues.some((i) => i.startsWith('pages/home.json:'))).toBe(true);

    await site.write('pages/about.json', about('team'));
    expect((await sameAsFullCheck()).issues).toEqual([]);

    // A title another page has: the first page by name keeps it, the other is reported; undone, both are clean.
    // Read besides the two: the about page, for the ids home's anchor points at.
    await site.write('pages/article.json', page(pages.home!.title, pages.article!.description, [hero('Article', 'hero')]));
    const shared = await sameAsFullCheck();
    expect(shared.cached).toBe(documents - 3);
    expect(shared.issues).toEqual([expect.stringMatching(/^pages\/home\.json:\d+:\d+ .*the same title as pages\/article\.json/)]);
    await site.write('pages/article.json', page(pages.article!.title, pages.article!.description, [hero('Article', 'hero')]));
    const unshared = await sameAsFullCheck();
    expect(unshared.cached).toBe(documents - 3);
    expect(unshared.issues).toEqual([]);

    // A page reached by an anchor keeps what only the whole site shows: home's title, which the article page took.
    await site.write('pages/article.json', page(pages.home!.title, pages.article!.description, [hero('Article', 'hero')]));
    await sameAsFullCheck();
    await site.write('pages/about.json', about('crew'));
    const reached = await sameAsFullCheck();
    expect(reached.issues.filter((i) => i.startsWith('pages/home.json:'))).toEqual([expect.stringContaining('the same title as pages/article.json'), expect.stringContaining('#team')]);
    await site.write('pages/about.json', about('team'));
    await site.write('pages/article.json', page(pages.article!.title, pages.article!.description, [hero('Article', 'hero')]));
    expect((await sameAsFullCheck()).issues).toEqual([]);

    // An edit that reaches nobody: only that page is read.
    await site.write('pages/missing.json', page(pages.missing!.title, pages.missing!.description, [hero('Nothing here', 'hero')]));
    expect((await sameAsFullCheck()).cached).toBe(documents - 1);

    // A syntax error takes the page's ids with it; fixed, they come back.
    await site.write('pages/about.json', '{ "title": "About",');
    const broken = await sameAsFullCheck();
    expect(broken.issues.some((i) => i.startsWith('pages/about.json:'))).toBe(true);
    expect(broken.issues.filter((i) => i.includes('#team'))).toHaveLength(2);
    await site.write('pages/about.json', about('team'));
    expect((await sameAsFullCheck()).issues).toEqual([]);
  });

  it('gives a page no file has no ids, as the full check does', async () => {
    const config = baseSiteConfig();
    config.routes.push({ path: '/ghost', page: 'ghost' });
    await site.write('pages.json', config);
    await site.write('pages/about.json', about('team'));
    const home = (heading: string) => page(pages.home!.title, pages.home!.description, [hero(heading, 'hero', '/ghost#main'), { fragment: 'closing' }]);
    await site.write('pages/home.json', home('Welcome'));
    await sameAsFullCheck();
    await site.write('pages/home.json', home('Welcome back'));
    const edited = await sameAsFullCheck();
    expect(edited.cached).toBe(4);
    expect(edited.issues.some((i) => i.startsWith('pages/home.json:') && i.includes('"#main", but no block on /ghost has that id.'))).toBe(true);
  });

  it('checks the whole site again when the set of pages or pages.json changes, or the index is gone', async () => {
    await site.write('pages/about.json', about('team'));
    await sameAsFullCheck();
    await site.write('pages/extra.json', page('An extra page of the test company', 'A page added without a route, written long enough to pass the rule.', [hero('Extra', 'hero')]));
    const added = await sameAsFullCheck();
    expect(added.issues).toEqual([expect.stringMatching(/^pages\/extra\.json:1:1 .*no route in pages\.json shows this page/)]);

    const config = baseSiteConfig();
    config.routes.push({ path: '/extra', page: 'extra' });
    await site.write('pages.json', config);
    expect((await sameAsFullCheck()).issues).toEqual([]);

    await rm(path.join(site.root, '.build-cache', 'content-index.txt'));
    await site.write('pages/extra.json', page(pages.about!.title, 'A page added without a route, written long enough to pass the rule.', [hero('Extra', 'hero')]));
    expect((await sameAsFullCheck()).issues).toEqual([expect.stringMatching(/^pages\/extra\.json:\d+:\d+ .*the same title as pages\/about\.json/)]);
  });
});
