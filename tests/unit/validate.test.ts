// @vitest-environment node
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { syntheticPhotograph } from '../../scripts/images/synthetic-photograph';
import { baseSiteConfig, basePages, page, fixtureSitePerTest, aboutPageWith } from './fixtures/content-site';

const knownTypes = readdirSync(path.resolve(import.meta.dirname, '../../schemas/blocks'))
  .map((f) => f.replace('.schema.json', ''))
  .sort()
  .join(', ');

const site = fixtureSitePerTest();

async function messages(): Promise<string[]> {
  const report = await validateContent({ root: site.root });
  return report.issues.map(formatIssue);
}

describe('validateContent', () => {
  it('accepts the fixture site', async () => {
    expect(await messages()).toEqual([]);
  });

  it('accepts the real site content', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const report = await validateContent({ root });
    expect(report.issues.filter((i) => i.severity === 'error').map(formatIssue)).toEqual([]);
    // Every page document was checked, however many the site has today.
    expect(report.stats.pages).toBe(readdirSync(path.join(root, 'pages')).filter((name) => name.endsWith('.json')).length);
  });

  it('reports a JSON syntax error with its line and column', async () => {
    await site.write(
      'pages/about.json',
      `{
  "title": "About the test company"
  "description": "Who the test company is"
}
`,
    );
    expect(await messages()).toEqual(['pages/about.json:3:3  JSON syntax error: expected a comma (is one missing at the end of the previous line?)']);
  });

  it('reports a wrong type at the property, with the block type in the path', async () => {
    await site.write(
      'pages/about.json',
      aboutPageWith(`    {
      "type": "zzz-widget",
      "id": "values",
      "props": {}
    },
    { "type": "closing-banner", "id": "closing-2", "props": { "heading": 42, "cta": { "label": "Go", "href": "/about" } } }`),
    );
    const result = await messages();
    expect(result).toContain(`pages/about.json:8:7  blocks[1] (zzz-widget) › type: unknown block type "zzz-widget". Known types: ${knownTypes}.`);
    expect(result).toContain('pages/about.json:12:63  blocks[2] (closing-banner) › props.heading: must be a string, not an integer');
  });

  it('suggests the nearest block type for a misspelt one', async () => {
    await site.write('pages/about.json', aboutPageWith(`    { "type": "page-heros", "props": { "heading": "x" } }`));
    expect(await messages()).toEqual(['pages/about.json:7:7  blocks[1] (page-heros) › type: unknown block type "page-heros" — did you mean "page-hero"?']);
  });

  it('reports a missing required property at its object', async () => {
    await site.write('pages/about.json', aboutPageWith(`    { "type": "closing-banner", "id": "closing-2", "props": { "heading": "Talk" } }`));
    expect(await messages()).toEqual(['pages/about.json:7:52  blocks[1] (closing-banner) › props: missing required property "cta"']);
  });

  it('reports an unknown property at its name and suggests the known one', async () => {
    await site.write('pages/about.json', aboutPageWith(`    { "type": "blog-slider", "id": "hero-2", "props": { "heading": "x", "intr": "y" } }`));
    expect(await messages()).toEqual(['pages/about.json:7:73  blocks[1] (blog-slider) › props.intr: unknown property "intr" — did you mean "intro"?']);
  });

  it('explains a value of the wrong form with the whole schema description, the rule included, and the value in that form', async () => {
    await site.write('pages/about.json', aboutPageWith(`    { "type": "blog-slider", "id": "Hero Two", "props": { "heading": "x" } }`));
    expect(await messages()).toEqual([
      'pages/about.json:7:30  blocks[1] (blog-slider) › id: "Hero Two" is not in the expected form: The block\'s anchor on its page ("/about#values"), unique within the page. Lower-case words joined by hyphens. Write "hero-two".',
    ]);
  });

  it('reports a duplicated property', async () => {
    await site.write('pages/about.json', aboutPageWith(`    { "type": "blog-slider", "id": "hero-2", "props": { "heading": "x", "heading": "y" } }`));
    expect(await messages()).toEqual(['pages/about.json:7:73  blocks[1] (blog-slider) › props.heading: property "heading" appears twice in the same object; only the last one counts. Remove one.']);
  });

  it('reports duplicate block ids on a page, fragments included', async () => {
    await site.write(
      'pages/about.json',
      aboutPageWith(`    { "type": "blog-slider", "id": "hero", "props": { "heading": "x" } },
    { "type": "blog-slider", "id": "closing", "props": { "heading": "y" } },
    { "fragment": "closing" }`),
    );
    expect(await messages()).toEqual([
      'pages/about.json:7:30  blocks[1] (blog-slider) › id: the id "hero" is already used by blocks[0] on this page; ids are anchors and must be unique. Rename one.',
      'pages/about.json:9:7  blocks[3].fragment: the id "closing" is already used by blocks[2] on this page; ids are anchors and must be unique. Rename one.',
    ]);
  });

  it('reports a missing fragment and suggests the nearest', async () => {
    await site.write('pages/about.json', aboutPageWith(`    { "fragment": "closng" }`));
    expect(await messages()).toEqual(['pages/about.json:7:7  blocks[1].fragment: there is no fragment "closng" in pages.json — did you mean "closing"?']);
  });

  it('reports an internal link that matches no route, and accepts redirects and article paths', async () => {
    await site.write(
      'pages/about.json',
      aboutPageWith(`    { "type": "closing-banner", "id": "c1", "props": { "heading": "a", "cta": { "label": "Go", "href": "/abuot" } } },
    { "type": "closing-banner", "id": "c2", "props": { "heading": "b", "cta": { "label": "Go", "href": "/services" } } },
    { "type": "closing-banner", "id": "c3", "props": { "heading": "c", "cta": { "label": "Go", "href": "/blogs/any-article" } } },
    { "type": "closing-banner", "id": "c4", "props": { "heading": "d", "cta": { "label": "Go", "href": "/about#c1" } } },
    { "type": "closing-banner", "id": "c5", "props": { "heading": "e", "cta": { "label": "Go", "href": "#nowhere" } } }`),
    );
    expect(await messages()).toEqual([
      'pages/about.json:7:96  blocks[1] (closing-banner) › props.cta.href: the link "/abuot" goes nowhere: no route or redirect matches "/abuot" — did you mean "/about"?',
      'pages/about.json:11:96  blocks[5] (closing-banner) › props.cta.href: the link "#nowhere" points at an id that no block on this page has. Ids on this page: "hero", "c1", "c2", "c3", "c4", "c5" and 2 more.',
    ]);
  });

  it('reports a local image that is not in public/', async () => {
    await site.write(
      'pages/home.json',
      page('Home of the test company', 'The home page of the test company, long enough to pass the rule.', [
        { type: 'hero', id: 'hero', props: { heading: 'Hi', text: 'Welcome', cta: { label: 'Go', href: '/about' }, image: { src: '/img/missing.svg', alt: 'A', width: 10, height: 10 } } },
      ]),
    );
    expect(await messages()).toEqual(['pages/home.json:17:11  blocks[0] (hero) › props.image.src: the image "/img/missing.svg" does not exist: put the file at public/img/missing.svg or fix the path.']);
  });

  describe('photographs in public/', () => {
    const heroWith = (src: string, width: number, height: number) =>
      page('Home of the test company', 'The home page of the test company, long enough to pass the rule.', [
        { type: 'hero', id: 'hero', props: { heading: 'Hi', text: 'Welcome', cta: { label: 'Go', href: '/about' }, image: { src, alt: 'A', width, height } } },
      ]);

    it("takes a photograph whose width and height are the file's and that fills its block", async () => {
      await site.write('public/images/team.jpg', await syntheticPhotograph({ width: 1200, height: 800, grain: 0 }));
      await site.write('pages/home.json', heroWith('/images/team.jpg', 1200, 800));
      expect(await messages()).toEqual([]);
    });

    it("gives the width and height to write when they are not the file's, and warns about a photograph too small for its block", async () => {
      await site.write('public/images/team.jpg', await syntheticPhotograph({ width: 800, height: 600, grain: 0 }));
      await site.write('pages/home.json', heroWith('/images/team.jpg', 560, 440));
      expect(await messages()).toEqual([
        'pages/home.json:17:11  warning: blocks[0] (hero) › props.image.src: public/images/team.jpg is 800 pixels wide, but the hero block shows it up to 560 px wide, 1120 pixels on a 2× screen: it will look soft there. Use a file at least 1120 pixels wide.',
        'pages/home.json:19:11  blocks[0] (hero) › props.image.width: public/images/team.jpg is 800×600 pixels, but "width" and "height" say 560×440: write "width": 800, "height": 600 (they keep the picture\'s space while it loads).',
      ]);
    });

    it('warns about a file over 5 MB, and refuses a file that is no picture', async () => {
      await site.write('public/images/huge.png', await syntheticPhotograph({ width: 2000, height: 1500, grain: 40, format: 'png' }));
      await site.write('public/images/notes.jpg', 'meeting notes, saved with the wrong name');
      await site.write(
        'pages/home.json',
        page('Home of the test company', 'The home page of the test company, long enough to pass the rule.', [
          { type: 'hero', id: 'hero', props: { heading: 'Hi', text: 'Welcome', cta: { label: 'Go', href: '/about' }, image: { src: '/images/huge.png', alt: 'A', width: 2000, height: 1500 } } },
          { type: 'who-we-are', id: 'story', props: { heading: 'Story', paragraphs: ['We began small.'], image: { src: '/images/notes.jpg', alt: 'B', width: 10, height: 10 } } },
        ]),
      );
      const result = await messages();
      expect(
        result.find((m) => m.includes('huge.png')),
        result.join('\n'),
      ).toMatch(/^pages\/home\.json:17:11 {2}warning: blocks\[0\] \(hero\) › props\.image\.src: public\/images\/huge\.png is \d+\.\d MB, over 5\.0 MB: visitors get small variants either way/);
      expect(result, result.join('\n')).toContain(
        'pages/home.json:33:11  blocks[1] (who-we-are) › props.image.src: public/images/notes.jpg cannot be used: the file is not a JPEG, PNG, WebP or AVIF picture. Export it again as a JPEG (photographs) or PNG (screenshots).',
      );
    });
  });

  it('reports a route whose page document is missing, a duplicate path and a redirect to nowhere', async () => {
    const config = baseSiteConfig();
    config.routes.push({ path: '/about', page: 'abuot' });
    config.redirects.push({ from: '/old', to: '/gone' });
    await site.write('pages.json', config);
    const result = await messages();
    expect(result).toContain('pages.json:31:7  routes[3].path: the path "/about" is already routed by routes[1]. Remove one of the two.');
    expect(result).toContain('pages.json:32:7  routes[3].page: there is no page document pages/abuot.json — did you mean "about"?');
    expect(result).toContain('pages.json:42:7  redirects[1].to: redirects to "/gone", which is not a route. Point it at a path listed in "routes".');
  });

  it('reports titles and descriptions used twice', async () => {
    const pages = basePages() as Record<string, { title: string; description: string }>;
    await site.write('pages/home.json', { ...pages.home, title: pages.about!.title, description: pages.about!.description });
    expect(await messages()).toEqual([
      'pages/home.json:3:3  title: the same title as pages/about.json; every page needs its own title in search results. Rewrite one of them.',
      'pages/home.json:4:3  description: the same description as pages/about.json; every page needs its own description in search results. Rewrite one of them.',
    ]);
  });

  it('warns about a page document no route shows', async () => {
    await site.write('pages/draft.json', page('A draft of the test company', 'A page nobody routes to yet, written long enough to pass the rule.', [{ type: 'page-hero', props: { heading: 'Draft' } }]));
    expect(await messages()).toEqual(['pages/draft.json:1:1  warning: no route in pages.json shows this page. Add { "path": "/draft", "page": "draft" } to "routes", or delete the file.']);
  });

  it('never throws on hostile input', async () => {
    await site.write('pages/about.json', '');
    await site.write('pages/home.json', 'null');
    await site.write('pages.json', '[1, 2');
    const report = await validateContent({ root: site.root });
    expect(report.issues.length).toBeGreaterThan(0);
    expect(report.issues.every((i) => i.line >= 1 && i.column >= 1)).toBe(true);
  });
});
