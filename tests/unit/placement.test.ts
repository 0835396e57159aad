// @vitest-environment node
/** Where a block may be used ("x-placement"), and fragments only in pages: one message each, at the entry's type or fragment. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { baseSiteConfig, fixtureSitePerTest } from './fixtures/content-site';

const site = fixtureSitePerTest();

const report = async () => (await validateContent({ root: site.root })).issues;

describe('x-placement', () => {
  it('every block schema declares where its block may be used', async () => {
    const dir = path.resolve(import.meta.dirname, '../../schemas/blocks');
    const names = await readdir(dir);
    expect(names).toHaveLength((await readdir(path.resolve(import.meta.dirname, '../../blocks'))).length); // one schema a block folder
    for (const name of names) {
      const schema = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as { 'x-placement'?: unknown };
      expect(schema['x-placement'], name).toEqual(name.startsWith('site-header') ? ['layout.header'] : name.startsWith('site-footer') ? ['layout.footer'] : ['page', 'fragment']);
    }
  });

  it('a block schema without it is refused, at its title, with what to write', async () => {
    const file = path.join(site.root, 'schemas/blocks/faq.schema.json');
    await site.write('schemas/blocks/faq.schema.json', (await readFile(file, 'utf8')).replace('  "x-placement": ["page", "fragment"],\n', ''));
    expect((await report()).map(formatIssue)).toEqual([
      'schemas/blocks/faq.schema.json:3:3  a block schema needs "x-placement", the places the block may be used: a list of "page", "layout.header", "layout.footer", "fragment" (most blocks: ["page", "fragment"]). Add it after "description". Fix the schema, then run npm run gen:types.',
    ]);
  });

  it('a site-header in a page: names the one place it may be used and the page it is in', async () => {
    await site.write(
      'pages/about.json',
      `{
  "$schema": "../schemas/page.schema.json",
  "title": "About the test company",
  "description": "Who the test company is, written long enough to pass the rule.",
  "blocks": [
    { "type": "page-hero", "id": "hero", "props": { "heading": "About us" } },
    { "type": "site-header", "id": "nav", "props": { "items": [{ "label": "Home", "href": "/" }], "cta": { "label": "Go", "href": "/about" } } }
  ]
}
`,
    );
    const issues = await report();
    expect(issues.map(formatIssue)).toEqual([
      'pages/about.json:7:7  blocks[1] (site-header) › type: site-header may be used only as layout.header; it is in the blocks of pages/about.json. Remove it: every page already shows layout.header of pages.json.',
    ]);
    expect(issues[0]).toMatchObject({ rule: 'placement', path: ['blocks', 1, 'type'] });
  });

  it('a closing-banner as layout.footer: names where it may go and the blocks made for the footer', async () => {
    const config = baseSiteConfig();
    (config.layout as Record<string, unknown>).footer = { type: 'closing-banner', id: 'footer', props: { heading: 'Talk', cta: { label: 'Go', href: '/about' } } };
    await site.write('pages.json', config);
    expect((await report()).map(formatIssue)).toEqual([
      'pages.json:59:7  layout.footer (closing-banner) › type: closing-banner may be used only in a page\'s blocks or as a fragment; it is layout.footer of pages.json. Move it into a page\'s "blocks", and put a block made for layout.footer here (site-footer).',
    ]);
  });

  it('a site-footer as a fragment', async () => {
    const config = baseSiteConfig();
    (config.fragments as Record<string, unknown>).footer = config.layout.footer;
    await site.write('pages.json', config);
    expect((await report()).map(formatIssue)).toEqual(['pages.json:91:7  fragments.footer (site-footer) › type: site-footer may be used only as layout.footer; it is the fragment "footer" of pages.json. Move it to layout.footer.']);
  });
});

describe('fragments where a block belongs', () => {
  it('in the layout: one message saying so, not a missing "type" and the list of block types', async () => {
    const config = baseSiteConfig();
    (config.layout as Record<string, unknown>).header = { fragment: 'closing' };
    await site.write('pages.json', config);
    const issues = await report();
    expect(issues.map(formatIssue)).toEqual([
      'pages.json:39:7  layout.header.fragment: a fragment cannot be used in the layout: layout.header must be a block, { "type": …, "props": … }, such as site-header. Write the block here instead of { "fragment": "closing" }.',
    ]);
    expect(issues[0]).toMatchObject({ rule: 'placement', path: ['layout', 'header', 'fragment'] });
  });

  it('inside another fragment, or itself', async () => {
    const config = baseSiteConfig();
    Object.assign(config.fragments, { again: { fragment: 'closing' }, loop: { fragment: 'loop' } });
    await site.write('pages.json', config);
    expect((await report()).map(formatIssue)).toEqual([
      'pages.json:91:7  fragments.again.fragment: a fragment cannot insert another fragment: fragments.again must be a block, { "type": …, "props": … }. Copy the block of "closing" here, or let the pages insert "closing" themselves.',
      'pages.json:94:7  fragments.loop.fragment: a fragment cannot insert another fragment (here it names itself): fragments.loop must be a block, { "type": …, "props": … }. Write the block here.',
    ]);
  });
});
