// @vitest-environment node
/**
 * What the editor reads: the expected shape in words, image paths with one error per mistake and the fix, and for
 * every slip that has a likely fix (a misspelt choice, a name in capitals, a quoted number) the value to write.
 */
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { parseJsonWithPositions } from '../../scripts/content-check/json-positions';
import { aboutPageWith, baseSiteConfig, page, fixtureSitePerTest } from './fixtures/content-site';

const site = fixtureSitePerTest();
beforeEach(async () => {
  await site.write('public/illustrations/hero-home.svg', '<svg/>');
  await site.write('public/illustrations/sectors/gaming.svg', '<svg/>');
});

async function messages(): Promise<string[]> {
  return (await validateContent({ root: site.root })).issues.map(formatIssue);
}

const homeWith = (blocks: unknown[]) => site.write('pages/home.json', page('Home of the test company', 'The home page of the test company, long enough to pass the rule.', blocks));
const heroWithImage = (src: string) => ({ type: 'hero', id: 'hero', props: { heading: 'Hi', text: 'Welcome', cta: { label: 'Go', href: '/about' }, image: { src, alt: 'A', width: 10, height: 10 } } });
/** The message of the one issue there is, without its place. */
async function only(): Promise<string> {
  const found = await messages();
  expect(found).toHaveLength(1);
  return found[0]!.replace(/^\S+\s+/, '');
}

describe('the expected shape, in words', () => {
  it('names a link and its required properties when a string stands where a link belongs', async () => {
    await homeWith([{ type: 'closing-banner', id: 'closing-2', props: { heading: 'Talk', cta: '/about' } }]);
    expect(await only()).toBe('blocks[0] (closing-banner) › props.cta: must be a link, { "label": …, "href": … }, not a string');
  });

  it('names the list and the shape of its items when an object stands where a list belongs', async () => {
    await homeWith([{ type: 'accordion', id: 'faq', props: { items: { title: 'Q', content: 'A' } } }]);
    expect(await only()).toBe('blocks[0] (accordion) › props.items: must be a list of accordion items, [{ "title": …, "content": … }, …], not an object');
  });

  it('names the block props when the props are not an object', async () => {
    await homeWith([{ type: 'page-hero', id: 'hero', props: 'Welcome' }]);
    expect(await only()).toBe('blocks[0] (page-hero) › props: must be page hero props, { "heading": … }, not a string');
  });
});

describe('image paths', () => {
  it('accepts a path from the site root that names a file of public/', async () => {
    await homeWith([heroWithImage('/illustrations/hero-home.svg')]);
    expect(await messages()).toEqual([]);
  });

  // Each mistake in a picture's path: one error, with the path that works.
  it.each([
    {
      name: '"/public/…": one error, saying to write the path from the site root',
      src: '/public/illustrations/hero-home.svg',
      message: 'the image path "/public/illustrations/hero-home.svg" names the public/ folder, but files in public/ are served from the site root: write "/illustrations/hero-home.svg".',
    },
    {
      name: '"public/…": one error (not a form error and a missing file), saying to write "/…"',
      src: 'public/illustrations/hero-home.svg',
      message: 'the image path "public/illustrations/hero-home.svg" names the public/ folder, but files in public/ are served from the site root: write "/illustrations/hero-home.svg".',
    },
    {
      name: 'a path without the leading slash: one error with the form that works',
      src: 'illustrations/hero-home.svg',
      message: 'the image path "illustrations/hero-home.svg" must start with "/": files in public/ are served from the site root, so write "/illustrations/hero-home.svg".',
    },
    { name: 'suggests the file for a typo', src: '/illustrations/sectors/gamng.svg', message: 'the image "/illustrations/sectors/gamng.svg" does not exist — did you mean "/illustrations/sectors/gaming.svg"?' },
    {
      name: 'names the file when only the case differs (the server tells capitals apart)',
      src: '/illustrations/Hero-Home.svg',
      message: 'the image "/illustrations/Hero-Home.svg" does not exist: the file is "/illustrations/hero-home.svg" (the server tells capitals apart). Write "/illustrations/hero-home.svg".',
    },
    { name: 'suggests no unrelated file when nothing is close', src: '/illustrations/missing.svg', message: 'the image "/illustrations/missing.svg" does not exist: put the file at public/illustrations/missing.svg or fix the path.' },
  ])('$name', async ({ src, message }) => {
    await homeWith([heroWithImage(src)]);
    expect(await only()).toBe(`blocks[0] (hero) › props.image.src: ${message}`);
  });
});

describe('fixed choices ("enum"): the nearest first, never the whole of a long list', () => {
  const cardsWithIcon = (icon: string) => ({ type: 'info-cards', id: 'cards', props: { items: [{ title: 'Support', text: 'Around the clock.', icon }] } });

  it('suggests the icon meant, and says where all 60 are instead of listing them', async () => {
    await homeWith([cardsWithIcon('headst')]);
    expect(await only()).toBe(
      'blocks[0] (info-cards) › props.items[0].icon: must be one of the 60 icon names, not "headst" — did you mean "headset"? All 60 are listed in the "enum" of schemas/defs/icon-name.schema.json, and the page editor (npm run dev, then /__edit) offers them in a menu.',
    );
  });

  it('suggests at most three icons, the nearest first', async () => {
    await homeWith([cardsWithIcon('scal')]);
    expect(await only()).toMatch(/icon: must be one of the 60 icon names, not "scal" — did you mean "scale", "[a-z-]+" or "[a-z-]+"\? All 60 are listed in/);
  });

  it('names no icon when none is near, and still says where the list is', async () => {
    await homeWith([cardsWithIcon('umbrella')]);
    expect(await only()).toBe(
      'blocks[0] (info-cards) › props.items[0].icon: must be one of the 60 icon names, not "umbrella". All 60 are listed in the "enum" of schemas/defs/icon-name.schema.json, and the page editor (npm run dev, then /__edit) offers them in a menu.',
    );
  });

  it('lists a short list whole, with the nearest choice', async () => {
    const config = baseSiteConfig();
    config.settings.contact.social = [{ network: 'linkdin', label: 'Test Company on LinkedIn', href: 'https://www.linkedin.com/company/test' }] as never;
    await site.write('pages.json', config);
    expect(await only()).toBe('settings.contact.social[0].network: must be one of "linkedin", "x", "facebook", "instagram", "youtube", not "linkdin" — did you mean "linkedin"?');
  });
});

describe('a value in quotes where a number belongs', () => {
  it('says to remove the quotes, with the number', async () => {
    await homeWith([{ type: 'counters', id: 'counters', props: { items: [{ value: '100', label: 'Clients' }] } }]);
    expect(await only()).toBe('blocks[0] (counters) › props.items[0].value: must be a number, not a string: remove the quotes, and write 100 instead of "100"');
  });

  it('is one mistake where the number is one of fixed choices too', async () => {
    await homeWith([{ type: 'accordion', id: 'faq', props: { headingLevel: '2', items: [{ title: 'Q', content: 'A' }] } }]);
    expect(await only()).toBe('blocks[0] (accordion) › props.headingLevel: must be an integer, not a string: remove the quotes, and write 2 instead of "2"');
  });

  it('does not suggest a number that is no integer where an integer belongs', async () => {
    await homeWith([{ type: 'accordion', id: 'faq', props: { headingLevel: '2.5', items: [{ title: 'Q', content: 'A' }] } }]);
    expect(await only()).toBe('blocks[0] (accordion) › props.headingLevel: must be an integer, not a string');
  });
});

describe('a name or path in the wrong form: the corrected value', () => {
  const withRoute = async (route: { path: string; page: string }) => {
    const config = baseSiteConfig();
    config.routes.push(route);
    await site.write('pages.json', config);
  };

  it.each([
    { path: 'partners', fixed: '/partners' },
    { path: '/Partners page', fixed: '/partners-page' },
    { path: '/partners/', fixed: '/partners' },
    { path: '/Blogs/:slug', fixed: '/blogs/:slug' },
  ])('a route path "$path": write "$fixed"', async ({ path, fixed }) => {
    await withRoute({ path, page: 'about' });
    expect(await only()).toBe(`routes[3].path: ${JSON.stringify(path)} is not in the expected form: The path, starting with "/", lower-case, no trailing slash. Write "${fixed}".`);
  });

  it('a page name with capitals: the name in lower case', async () => {
    await withRoute({ path: '/about-us', page: 'About' });
    expect(await only()).toBe(
      'routes[3].page: "About" is not in the expected form: The page document\'s name: "about" is pages/about.json. Lower-case letters, digits and hyphens, starting with a letter or digit, at most 80 characters. Write "about".',
    );
  });

  it('the 404 page named with a capital: one error, with the name (not a warning that its file is unused as well)', async () => {
    const config = baseSiteConfig();
    config.notFoundPage = 'Missing';
    await site.write('pages.json', config);
    expect(await only()).toBe(
      'notFoundPage: "Missing" is not in the expected form: The page document\'s name: "about" is pages/about.json. Lower-case letters, digits and hyphens, starting with a letter or digit, at most 80 characters. Write "missing".',
    );
  });

  it('a fragment name with capitals and a space: one error at the name, with the name to write', async () => {
    const config = baseSiteConfig();
    (config.fragments as Record<string, unknown>)['Closing Banner'] = config.fragments.closing;
    await site.write('pages.json', config);
    expect(await only()).toBe('fragments.Closing Banner: "Closing Banner" is not in the expected form. Write "closing-banner".');
  });

  it('suggests nothing when no value of the form can be guessed', async () => {
    await withRoute({ path: '/§', page: 'about' });
    expect(await only()).toBe('routes[3].path: "/§" is not in the expected form: The path, starting with "/", lower-case, no trailing slash.');
  });
});

describe('a page document whose file name is no page name', () => {
  const partners = page('Partner programme of the test company', 'How agencies resell the services of the test company, long enough to pass.', [{ type: 'page-hero', id: 'hero', props: { heading: 'Partners' } }]);
  const withRoute = async (route: { path: string; page: string }) => {
    const config = baseSiteConfig();
    config.routes.push(route);
    await site.write('pages.json', config);
  };

  it('a route names it in lower case: says to rename the file, once, and the renamed file passes', async () => {
    await withRoute({ path: '/partners', page: 'partners' });
    await site.write('pages/Partners.json', partners);
    expect(await messages()).toEqual([
      'pages.json:32:7  routes[3].page: there is no page document pages/partners.json, but there is pages/Partners.json: page names are lower-case letters, digits and hyphens, so rename the file: git mv pages/Partners.json pages/partners.json.',
    ]);
    await rename(path.join(site.root, 'pages/Partners.json'), path.join(site.root, 'pages/partners.json'));
    expect(await messages()).toEqual([]);
  });

  it('no route shows it: the rename and the route to add, both in a form the check accepts', async () => {
    await site.write('pages/Partner Programme.json', partners);
    expect(await messages()).toEqual([
      `pages/Partner Programme.json:1:1  warning: no route can show this page: "Partner Programme" is no page name (lower-case letters, digits and hyphens). Rename the file: git mv 'pages/Partner Programme.json' pages/partner-programme.json, then add { "path": "/partner-programme", "page": "partner-programme" } to "routes"; or delete the file.`,
    ]);
    await rename(path.join(site.root, 'pages/Partner Programme.json'), path.join(site.root, 'pages/partner-programme.json'));
    await withRoute({ path: '/partner-programme', page: 'partner-programme' });
    expect(await messages()).toEqual([]);
  });

  it('a route names a page near it: the rename and the name to write', async () => {
    await withRoute({ path: '/partners', page: 'partner' });
    await site.write('pages/Partners.json', partners);
    expect(await only()).toBe(
      'routes[3].page: there is no page document pages/partner.json. The nearest is pages/Partners.json, whose name is no page name (lower-case letters, digits and hyphens): rename it with git mv pages/Partners.json pages/partners.json, then write "partners" here.',
    );
  });

  it('a route names it as it is: one error, with the name to write (and then the rename above)', async () => {
    await withRoute({ path: '/partners', page: 'Partners' });
    await site.write('pages/Partners.json', partners);
    expect(await only()).toBe(
      'routes[3].page: "Partners" is not in the expected form: The page document\'s name: "about" is pages/about.json. Lower-case letters, digits and hyphens, starting with a letter or digit, at most 80 characters. Write "partners".',
    );
  });
});

describe('a link to an id its page does not have: the ids it has', () => {
  const linkTo = (href: string) => ({ type: 'closing-banner', id: 'closing-2', props: { heading: 'Talk', cta: { label: 'Go', href } } });

  it('lists the ids of the page linked to, its own blocks first', async () => {
    await homeWith([linkTo('/about#no-such-id')]);
    expect(await only()).toBe('blocks[0] (closing-banner) › props.cta.href: the link "/about#no-such-id" points at "#no-such-id", but no block on /about has that id. Ids on /about: "hero", "site-header", "site-footer".');
  });

  it('suggests the nearest id first', async () => {
    await homeWith([linkTo('/about#her')]);
    expect(await only()).toBe('blocks[0] (closing-banner) › props.cta.href: the link "/about#her" points at "#her", but no block on /about has that id — did you mean "/about#hero"? Other ids on /about: "site-header", "site-footer".');
  });

  it('lists a few ids of a long page and says where the rest are', async () => {
    const heroes = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'].map((id) => ({ type: 'blog-slider', id, props: { heading: id } }));
    await site.write('pages/about.json', page('About the test company', 'Who the test company is, written long enough to pass the rule.', heroes));
    await homeWith([linkTo('/about#no-such-id')]);
    expect(await only()).toBe('blocks[0] (closing-banner) › props.cta.href: the link "/about#no-such-id" points at "#no-such-id", but no block on /about has that id. Ids on /about: "one", "two", "three", "four", "five", "six" and 3 more.');
  });

  it('on the same page, suggests the id meant', async () => {
    await homeWith([linkTo('#closng-2')]);
    expect(await only()).toBe('blocks[0] (closing-banner) › props.cta.href: the link "#closng-2" points at an id that no block on this page has — did you mean "#closing-2"? Other ids on this page: "site-header", "site-footer".');
  });
});

describe('a trailing comma: at the comma, not at the bracket after it', () => {
  it('in a page, the comma at the end of the last block, the bracket on the next line', async () => {
    await site.write('pages/about.json', aboutPageWith('    { "fragment": "closing" },'));
    expect(await messages()).toEqual(['pages/about.json:7:30  JSON syntax error: a comma after the last item, which JSON does not allow: delete this comma']);
  });

  it.each([
    { text: '{"a": 1,}', line: 1, column: 8, last: 'property' },
    { text: '[1, 2 ,  ]', line: 1, column: 7, last: 'item' },
    { text: '{\n  "a": [1],\n\n}', line: 2, column: 11, last: 'property' },
  ])('$text: $line:$column', ({ text, line, column, last }) => {
    expect(parseJsonWithPositions(text).syntaxErrors).toEqual([{ line, column, message: `JSON syntax error: a comma after the last ${last}, which JSON does not allow: delete this comma` }]);
  });

  it('a missing value between two commas is still named as one', () => {
    expect(parseJsonWithPositions('[1,,2]').syntaxErrors).toEqual([{ line: 1, column: 4, message: 'JSON syntax error: expected a value (is there a trailing comma, or a missing value?)' }]);
  });
});
