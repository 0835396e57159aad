/** The editor's pure model: editing a document by path, comparing two, redirects for a moved path, ids, entries, selection. */
import { describe, expect, it } from 'vitest';
import { pathText, setIn } from '../../src/editor/page/model/json-path';
import { differingPaths, sameValue } from '../../src/editor/shared/same-value';
import { redirectsFor } from '../../src/editor/page/model/route-actions';
import { freshId } from '../../src/editor/page/model/block-actions';
import { selectionOf } from '../../src/editor/page/model/selection';
import { pageFor } from '../../src/editor/page/model/document-reads';
import { newPageDocument, newPageRoles, shapeProblems } from '../../src/editor/page/model/new-page';
import { blockKey, blockKeys, blockName, entryKeys } from '../../src/editor/shared/block-identity';
import { openInStore, useEditor } from '../../src/editor/page/model/editor-store';

const doc = {
  title: 'About',
  blocks: [
    { type: 'hero', props: { heading: 'Hi' } },
    { type: 'faq', id: 'faq', props: { items: [{ q: 'a' }] } },
  ],
};

describe('setIn', () => {
  it('copies only the objects on the path: every other object keeps its identity', () => {
    const next = setIn(doc, ['blocks', 1, 'props', 'items', 0, 'q'], 'b');
    expect(next.blocks[1]!.props).toEqual({ items: [{ q: 'b' }] });
    expect(JSON.stringify(doc.blocks[1])).toContain('"q":"a"');
    expect(next.blocks[0]).toBe(doc.blocks[0]);
    expect(next.blocks).not.toBe(doc.blocks);
  });

  it('removes a property or a list item for undefined, and makes the containers a new path needs', () => {
    expect(setIn(doc, ['title'], undefined)).not.toHaveProperty('title');
    expect(setIn(doc, ['blocks', 0], undefined).blocks).toEqual([doc.blocks[1]]);
    expect(setIn({}, ['a', 0, 'b'], 1)).toEqual({ a: [{ b: 1 }] });
    expect(pathText(['blocks', 3, 'props', 'title'])).toBe('blocks[3].props.title');
  });
});

describe('sameValue and differingPaths', () => {
  it('ignore key order and name each path where two documents differ, shallowest first', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    const mine = { title: 'A', blocks: [{ id: 'x' }, { id: 'y' }], extra: 1 };
    const theirs = { title: 'B', blocks: [{ id: 'x' }, { id: 'z' }] };
    expect(differingPaths(mine, theirs)).toEqual([['title'], ['blocks', 1, 'id'], ['extra']]);
    expect(differingPaths([1, 2], [1, 2, 3])).toEqual([[]]); // a list of another length differs as a whole
  });
});

describe('redirectsFor', () => {
  const disk = [
    { from: '/old', to: '/about' },
    { from: '/team', to: '/people' },
  ];
  it('redirects the published path to the new one, and earlier redirects to it follow (no chains)', () => {
    expect(redirectsFor(disk, '/about', '/company')).toEqual([
      { from: '/old', to: '/company' },
      { from: '/team', to: '/people' },
      { from: '/about', to: '/company' },
    ]);
  });
  it('drops a redirect from the new path (a route now), and adds none when the path is back where it was published', () => {
    expect(redirectsFor(disk, '/about', '/team')).toEqual([
      { from: '/old', to: '/team' },
      { from: '/about', to: '/team' },
    ]);
    expect(redirectsFor(disk, '/about', '/about')).toEqual(disk);
  });
});

describe('freshId', () => {
  it('takes the name, else the first free number, counting ids and fragment names alike', () => {
    expect(freshId('faq', [{ type: 'hero', id: 'hero' }])).toBe('faq');
    expect(freshId('faq', [{ id: 'faq' }, { id: 'faq-2' }, { fragment: 'faq-3' }])).toBe('faq-4');
  });
});

describe('block identity', () => {
  it('names a block by its type and id, a fragment reference by its name, anything else as unknown', () => {
    expect(blockName({ type: 'faq', id: 'questions' })).toEqual({ type: 'faq', id: 'questions' });
    expect(blockName({ fragment: 'closing-banner' })).toEqual({ type: 'fragment', id: 'closing-banner' });
    expect(blockName(null)).toEqual({ type: 'unknown block', id: '' });
  });

  it('keys a block by its type and id so the key follows it when it moves, by its place when it has no id, apart when an id repeats', () => {
    const blocks = [{ type: 'hero' }, { type: 'faq', id: 'a' }, { type: 'faq', id: 'a' }, { fragment: 'banner' }];
    expect(entryKeys(blocks)).toEqual(['hero@0', 'faq#a', 'faq#a@2', 'fragment#banner']);
    expect(entryKeys([blocks[1], blocks[0]])).toEqual(['faq#a', 'hero@1']);
    expect(blockKeys([blockName(blocks[1])])[0]).toBe(blockKey(blockName(blocks[1]), 5));
  });
});

describe('selectionOf', () => {
  const blocks = [{ type: 'hero' }, { fragment: 'banner' }];
  it('finds the outline entry a path is in: a block, the header or footer, the block inserting a fragment, else the page', () => {
    expect(selectionOf(['page', 'blocks', 0, 'props', 'heading'], blocks)).toBe(0);
    expect(selectionOf(['site', 'layout', 'footer', 'props'], blocks)).toBe('footer');
    expect(selectionOf(['site', 'fragments', 'banner', 'props'], blocks)).toBe(1);
    expect(selectionOf(['site', 'fragments', 'unused'], blocks)).toBe('page');
    expect(selectionOf(['page', 'title'], blocks)).toBe('page');
  });
});

describe('pageFor', () => {
  const site = {
    routes: [
      { path: '/about', page: 'about' },
      { path: '/blogs/:slug', page: 'blog-article' },
    ],
    redirects: [{ from: '/team', to: '/about' }],
  };
  it('finds the page a route or a concrete path shows, and says why for a redirect or an unknown path', () => {
    expect(pageFor(site, '/about')).toEqual({ page: 'about', path: '/about' });
    expect(pageFor(site, '/blogs/:slug')).toEqual({ page: 'blog-article', path: '/blogs/:slug' });
    expect(pageFor(site, '/blogs/first')).toEqual({ page: 'blog-article', path: '/blogs/first' });
    expect(pageFor(site, '/team')).toMatch(/redirects to \/about/);
    expect(pageFor(site, '/nowhere')).toMatch(/No route of pages.json shows \/nowhere/);
  });
});

describe('a new page', () => {
  const input = { name: 'partners', path: '/partners', title: 'Partners | Example', description: 'Who we work with.' };
  const site = { routes: [{ path: '/about', page: 'about' }], fragments: { 'closing-banner': { type: 'closing-banner', props: {} } } };

  it('opens with the block whose schema says "first" and ends with the fragment of the type whose schema says "last"', () => {
    expect(newPageDocument(input, site, newPageRoles())).toEqual({
      $schema: '../schemas/page.schema.json',
      title: 'Partners | Example',
      description: 'Who we work with.',
      blocks: [{ type: 'page-hero', id: 'hero', props: { heading: 'Partners', text: 'Who we work with.' } }, { fragment: 'closing-banner' }],
    });
  });

  it('leaves out an empty input and a fragment pages.json does not have, whatever the fragment is called', () => {
    const roles = new Map([
      ['banner', { place: 'last', fragment: true }],
      ['intro', { place: 'first', id: 'top', props: { title: 'heading', lead: 'description' } }],
    ] as const);
    expect(newPageDocument({ ...input, description: '' }, { fragments: { ending: { type: 'banner' } } }, roles).blocks).toEqual([{ type: 'intro', id: 'top', props: { title: 'Partners' } }, { fragment: 'ending' }]);
    expect(newPageDocument(input, {}, roles).blocks).toEqual([{ type: 'intro', id: 'top', props: { title: 'Partners', lead: 'Who we work with.' } }]);
  });

  it('refuses a name that is no page name or is taken, and a path that is taken or redirected', () => {
    const redirected = { ...site, redirects: [{ from: '/old', to: '/about' }] };
    expect(shapeProblems({ ...input, name: 'Partners', path: '/about' }, redirected, [])).toEqual({ name: expect.stringMatching(/lower-case/), path: expect.stringMatching(/already shows another page/) });
    expect(shapeProblems({ ...input, path: '/old' }, redirected, ['partners'])).toEqual({ name: expect.stringMatching(/exists already/), path: expect.stringMatching(/redirects elsewhere/) });
    expect(shapeProblems(input, redirected, [])).toEqual({});
  });
});

describe('the issues of a block after a structural change', () => {
  const issue = (index: number, message: string) => ({ severity: 'warning' as const, rule: 'placeholder-text', file: 'pages/about.json', line: 1, column: 1, where: '', message, path: ['page', 'blocks', index, 'props', 'heading'] });
  const [hero, faq, banner] = [
    { type: 'page-hero', id: 'hero', props: {} },
    { type: 'faq', id: 'faq', props: {} },
    { type: 'closing-banner', id: 'end', props: {} },
  ];

  it('keeps the issues of blocks still at their place, and drops those a move or a removal would pin on another block', () => {
    openInStore({ file: 'pages/about.json', path: '/about', disk: { page: { version: 'a', value: {} }, site: { version: 'b', value: {} } }, doc: { page: { blocks: [hero, faq] }, site: {} }, restoredDraft: false });
    useEditor.getState().setIssues([issue(0, 'of the hero'), issue(1, 'of the FAQ')]);
    useEditor.getState().replace({ page: { blocks: [hero, faq, banner] }, site: {} });
    expect(useEditor.getState().issues.map((i) => i.message)).toEqual(['of the hero', 'of the FAQ']);
    useEditor.getState().replace({ page: { blocks: [hero, banner] }, site: {} });
    expect(useEditor.getState().issues.map((i) => i.message)).toEqual(['of the hero']);
    expect(useEditor.getState().issuesByPath.get('page/blocks/1/props/heading')).toBeUndefined();
    useEditor.getState().setIssues([issue(0, 'of the hero'), issue(1, 'of the banner')]);
    useEditor.getState().undo();
    expect(useEditor.getState().issues.map((i) => i.message)).toEqual(['of the hero']);
  });
});
