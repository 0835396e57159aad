import { describe, expect, it } from 'vitest';
import { issuePlace } from '../../src/editor/page/model/issue-place';
import { editorMessage } from '../../src/editor/page/model/editor-advice';
import { blockWords } from '../../src/editor/page/block-words';

const doc = {
  page: {
    title: 'About',
    description: 'About us',
    blocks: [{ type: 'page-hero', id: 'hero', props: { heading: 'About' } }, { type: 'hero', props: { heading: 'H', text: 'T', cta: { label: 'Go', href: '/x' } } }, { fragment: 'testimonials' }],
  },
  site: {
    routes: [{ path: '/about', page: 'about' }],
    layout: { header: { type: 'site-header', props: {} } },
    fragments: { testimonials: { type: 'testimonials', props: { items: [{ quote: 'Q' }] } } },
  },
};

describe('the editor names places and problems in words', () => {
  it('names a problem’s place by block title and field labels, wherever it is', () => {
    expect(issuePlace(doc, ['page', 'blocks', 1, 'props', 'cta', 'href'])).toBe('Home page opening (block 2) › Button › Link');
    expect(issuePlace(doc, ['page', 'title'])).toBe('Page settings › Title');
    expect(issuePlace(doc, ['site', 'fragments', 'testimonials', 'props', 'items', 0, 'quote'])).toBe('Shared section “testimonials” › Testimonial 1 › Quote');
    expect(issuePlace(doc, ['site', 'layout', 'header', 'props'])).toBe('Site header');
    expect(issuePlace(doc, [])).toBe('');
  });

  it('says what to do in the editor where the check names pages.json or a JSON path', () => {
    expect(editorMessage({ message: 'the link "/nowhere" goes nowhere: no route or redirect matches "/nowhere". Use a path from "routes" in pages.json.' })).toBe(
      'the link "/nowhere" goes nowhere: no route or redirect matches "/nowhere". Choose one of the site\'s paths: the Link field suggests them as you type.',
    );
    expect(editorMessage({ message: "a second h1 on this page: blocks[0] (page-hero) already shows the page's heading" })).toBe("a second h1 on this page: Page opening (block 1) already shows the page's heading");
    expect(editorMessage({ message: 'there is no fragment "testimonals" in pages.json — did you mean "testimonials"?' })).toBe('there is no shared section "testimonals" — did you mean "testimonials"?');
    expect(editorMessage({ message: 'must be a string' })).toBe('must be a string');
  });

  it('names a block by its title, its id as an anchor, a fragment as a shared section', () => {
    expect(blockWords('faq', 'faq')).toEqual({ title: 'Questions and answers', summary: expect.stringContaining('questions'), detail: 'Anchor #faq' });
    expect(blockWords('fragment', 'testimonials', 'testimonials')).toMatchObject({ title: 'Client quotes', detail: 'Shared section “testimonials”' });
    expect(blockWords('no-such', '').title).toBe('Unknown block “no-such”');
  });
});
