import { describe, expect, it } from 'vitest';
import { blockTitle, labelsAlong, placeText } from '../../src/editor/shared/plain-place';
import { pageSchema, schemaFiles } from '../../src/editor/shared/schemas';

const page = {
  title: 'Customer support outsourcing',
  description: 'A page',
  blocks: [{ type: 'hero', id: 'top', props: { heading: 'H', text: 'T', cta: { label: 'Go', href: '/contact' } } }, { fragment: 'testimonials' }, { type: 'testimonials', props: { heading: 'Clients', items: [{ quote: 'Q', name: 'N' }] } }],
};
const place = (...path: Array<string | number>) => placeText(labelsAlong(schemaFiles, pageSchema, page, path));

describe('places in words', () => {
  it('names a block by its title and its fields by their labels, never by the JSON path', () => {
    expect(blockTitle(schemaFiles, 'hero')).toBe('Home page opening');
    expect(place('blocks', 0, 'props', 'heading')).toBe('Home page opening (block 1) › Heading');
    expect(place('blocks', 1)).toBe('Shared section “testimonials” (block 2)');
    expect(place('title')).toBe('Title');
  });

  it('names a list item by what it is, and keeps a path the schemas do not know readable', () => {
    expect(place('blocks', 2, 'props', 'items', 0, 'quote')).toBe('Client quotes (block 3) › Testimonial 1 › Quote');
    expect(place('blocks', 0, 'props', 'nothing')).toBe('Home page opening (block 1) › Nothing');
  });
});
