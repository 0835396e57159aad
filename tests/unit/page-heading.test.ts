// @vitest-environment node
/** One h1 a page: a second block that shows the page's heading ("x-page-heading") is an error at that block. */
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { aboutPageWith, baseSiteConfig, fixtureSitePerTest } from './fixtures/content-site';

const site = fixtureSitePerTest();
const report = async () => (await validateContent({ root: site.root })).issues;

describe('one h1 a page', () => {
  it('a hero after the page hero: an error at the second, naming the first', async () => {
    await site.write('pages/about.json', aboutPageWith('    { "type": "hero", "id": "promise", "props": { "heading": "Teams that ship", "text": "Engineers in your time zone.", "cta": { "label": "Talk to us", "href": "/about" } } }'));
    const issues = await report();
    expect(issues.map(formatIssue)).toEqual([
      "pages/about.json:7:7  blocks[1] (hero) › type: a second h1 on this page: blocks[0] (page-hero) already shows the page's heading, and a page has one. Remove one of them, or use a block whose heading is an h2 here.",
    ]);
    expect(issues[0]).toMatchObject({ severity: 'error', rule: 'page-heading', path: ['blocks', 1, 'type'] });
  });

  it('counts the blocks a page inserts as fragments', async () => {
    const config = baseSiteConfig();
    (config.fragments as Record<string, unknown>)['about-hero'] = { type: 'page-hero', id: 'about-hero', props: { heading: 'About the company' } };
    await site.write('pages.json', config);
    await site.write('pages/about.json', aboutPageWith('    { "fragment": "about-hero" }'));
    expect((await report()).map(formatIssue)).toEqual([
      'pages/about.json:7:7  blocks[1].fragment: the fragment "about-hero" is a page-hero, a second h1 on this page: blocks[0] (page-hero) already shows the page\'s heading, and a page has one. Remove one of them, or use a block whose heading is an h2 here.',
    ]);
  });

  it('leaves a page with one heading block alone, whatever else it shows', async () => {
    await site.write('pages/about.json', aboutPageWith('    { "type": "closing-banner", "id": "talk", "props": { "heading": "Talk to us", "cta": { "label": "Contact", "href": "/about" } } }'));
    expect(await report()).toEqual([]);
  });
});
