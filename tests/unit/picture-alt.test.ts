// @vitest-environment node
/**
 * A picture's alt must describe it: empty, spaces-only and file-name alts are refused with advice; a picture marks
 * itself decorative instead, only where its block's schema allows it ("x-decorative").
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { aboutPageWith, fixtureSitePerTest } from './fixtures/content-site';

const site = fixtureSitePerTest();

beforeEach(async () => {
  // The block versions the schemas are at, so an approach-cards block is not taken for content behind its schema.
  await site.write('content-versions.json', await readFile(path.resolve(import.meta.dirname, '../../content-versions.json'), 'utf8'));
  await site.write('public/illustrations/our-story.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="560" height="440"/>');
  await site.write('public/illustrations/kpi.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72"/>');
});

async function messages(): Promise<string[]> {
  const report = await validateContent({ root: site.root });
  return report.issues.map(formatIssue);
}

/** A who-we-are block (its picture carries meaning) on line 7 of the about page. */
const story = (picture: string) => `    { "type": "who-we-are", "id": "story", "props": { "heading": "Our story", "paragraphs": ["We began small."], "image": ${picture} } }`;
/** An approach-cards block (its icons may be decorative) on line 7 of the about page. */
const cards = (picture: string) => `    { "type": "approach-cards", "id": "cards", "props": { "heading": "How we work", "items": [{ "title": "Measure", "text": "Weekly reports.", "image": ${picture} }] } }`;

const describeIt = 'Write in "alt" what the picture shows, in a short sentence for someone who cannot see it';
const orDecorative = `; or, if it only decorates (it adds nothing the text beside it does not say), write "decorative": true in place of "alt" (the page editor's "Decorative picture")`;

describe('a picture that carries meaning', () => {
  it.each([
    ['an empty alt', '""', 'is empty'],
    ['an alt of spaces', '"   "', 'holds only spaces'],
    ['an alt that ends like an image file', '"our-story.jpg"', 'is the file name "our-story.jpg", which tells nobody what the picture shows'],
    ["an alt that is the picture's file name without its extension", '"Our-Story"', 'is the file name "Our-Story", which tells nobody what the picture shows'],
  ])('refuses %s and says what to write', async (_name, alt, reason) => {
    await site.write('pages/about.json', aboutPageWith(story(`{ "src": "/illustrations/our-story.svg", "alt": ${alt}, "width": 560, "height": 440 }`)));
    expect(await messages()).toEqual([`pages/about.json:7:164  blocks[1] (who-we-are) › props.image.alt: the picture's "alt" ${reason}. ${describeIt}.`]);
  });

  it('refuses a missing alt', async () => {
    await site.write('pages/about.json', aboutPageWith(story(`{ "src": "/illustrations/our-story.svg", "width": 560, "height": 440 }`)));
    expect(await messages()).toEqual([`pages/about.json:7:114  blocks[1] (who-we-are) › props.image: the picture "/illustrations/our-story.svg" has no "alt". ${describeIt}.`]);
  });

  it('refuses "decorative" where its block does not allow it', async () => {
    await site.write('pages/about.json', aboutPageWith(story(`{ "src": "/illustrations/our-story.svg", "decorative": true, "width": 560, "height": 440 }`)));
    expect(await messages()).toEqual([
      `pages/about.json:7:164  blocks[1] (who-we-are) › props.image.decorative: this picture cannot be decorative: here it carries meaning, so screen readers must hear it. Remove "decorative": true. ${describeIt}.`,
    ]);
  });

  it('accepts a description, even a short one that names the file in words', async () => {
    await site.write('pages/about.json', aboutPageWith(story(`{ "src": "/illustrations/our-story.svg", "alt": "Our story", "width": 560, "height": 440 }`)));
    expect(await messages()).toEqual([]);
  });
});

describe('a picture whose block allows it to be decorative', () => {
  it('is accepted marked decorative, with no alt or an empty one', async () => {
    await site.write('pages/about.json', aboutPageWith(cards(`{ "src": "/illustrations/kpi.svg", "decorative": true, "width": 72, "height": 72 }`)));
    expect(await messages()).toEqual([]);
    await site.write('pages/about.json', aboutPageWith(cards(`{ "src": "/illustrations/kpi.svg", "alt": "", "decorative": true, "width": 72, "height": 72 }`)));
    expect(await messages()).toEqual([]);
  });

  it('refuses an empty alt without the mark, and says how to mark it', async () => {
    await site.write('pages/about.json', aboutPageWith(cards(`{ "src": "/illustrations/kpi.svg", "alt": "", "width": 72, "height": 72 }`)));
    expect(await messages()).toEqual([`pages/about.json:7:188  blocks[1] (approach-cards) › props.items[0].image.alt: the picture's "alt" is empty. ${describeIt}${orDecorative}.`]);
  });

  it('refuses an alt kept beside the mark, which nobody would hear', async () => {
    await site.write('pages/about.json', aboutPageWith(cards(`{ "src": "/illustrations/kpi.svg", "alt": "A gauge", "decorative": true, "width": 72, "height": 72 }`)));
    expect(await messages()).toEqual([
      'pages/about.json:7:188  blocks[1] (approach-cards) › props.items[0].image.alt: the picture is marked decorative, so screen readers skip it and its alt "A gauge" is never read. Remove "alt", or remove "decorative": true if the picture carries meaning.',
    ]);
  });
});
