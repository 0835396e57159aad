// @vitest-environment node
/** What the browser editor calls: unsaved texts (overrides) checked in place of the files, each issue with its JSON path. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { basePages, page, fixtureSitePerTest } from './fixtures/content-site';

const site = fixtureSitePerTest();

const about = basePages().about as { title: string; description: string };

describe('validateContent with overrides', () => {
  it('checks the given text instead of the file, and leaves the file alone', async () => {
    const saved = await readFile(path.join(site.root, 'pages/about.json'), 'utf8');
    const unsaved = JSON.stringify(page(about.title, about.description, [{ type: 'page-hero', id: 'hero', props: { heading: 42 } }]), null, 2);
    const { issues } = await validateContent({ root: site.root, overrides: new Map([['pages/about.json', unsaved]]) });
    expect(issues).toEqual([
      { severity: 'error', rule: 'schema', file: 'pages/about.json', line: 10, column: 9, where: 'blocks[0] (page-hero) › props.heading', path: ['blocks', 0, 'props', 'heading'], message: 'must be a string, not an integer' },
    ]);
    expect(await readFile(path.join(site.root, 'pages/about.json'), 'utf8')).toBe(saved);
  });

  it('checks a page that is not saved yet as one more page', async () => {
    const draft = JSON.stringify(page(about.title, 'A new page not saved yet, written long enough to pass the rule.', [{ type: 'page-hero', id: 'hero', props: { heading: 'New' } }]), null, 2);
    const { issues } = await validateContent({ root: site.root, overrides: new Map([['pages/draft.json', draft]]) });
    expect(issues.map((i) => [i.file, i.line, i.column, i.path, i.message])).toEqual([
      ['pages/draft.json', 1, 1, [], 'no route in pages.json shows this page. Add { "path": "/draft", "page": "draft" } to "routes", or delete the file.'],
      ['pages/draft.json', 3, 3, ['title'], 'the same title as pages/about.json; every page needs its own title in search results. Rewrite one of them.'],
    ]);
  });

  it('checks an unsaved pages.json against the saved pages', async () => {
    const config = JSON.parse(await readFile(path.join(site.root, 'pages.json'), 'utf8')) as { routes: Array<{ path: string; page: string }> };
    config.routes.push({ path: '/team', page: 'team' });
    const { issues } = await validateContent({ root: site.root, overrides: new Map([['pages.json', JSON.stringify(config, null, 2)]]) });
    expect(issues.map((i) => [i.file, i.line, i.column, i.path, i.message])).toEqual([['pages.json', 32, 7, ['routes', 3, 'page'], 'there is no page document pages/team.json. Create it (copy a similar page) or fix the name.']]);
  });
});
