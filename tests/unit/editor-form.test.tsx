/**
 * The editor's form, generated from the block schemas: each kind of schema gets its field (classified by
 * fieldKind, then rendered and used as an editor would), labels come from the schema, help from its
 * description, defaults are shown, and every edit lands in the document at the right path.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BlockForm } from '../../src/editor/page/block-form';
import { openInStore, useEditor, type Doc } from '../../src/editor/page/model/editor-store';
import { fieldKind, itemsOf, labelOf, propertiesOf, resolve, emptyValue, type Located } from '../../src/editor/shared/schema-model';
import { entrySchema, propsSchema, schemaFiles } from '../../src/editor/shared/schemas';
import { useSite } from '../../src/editor/page/model/site-store';

const props = (type: string) => propsSchema(type)!;
const property = (located: Located, name: string) => propertiesOf(schemaFiles, located).find((p) => p.name === name)!.located;

describe('fieldKind: the field each kind of schema gets', () => {
  it.each([
    ['a short string', property(props('hero'), 'heading'), 'heading', { kind: 'text', multiline: false }],
    ['a long text', property(props('hero'), 'text'), 'text', { kind: 'text', multiline: true }],
    ['a link target (defs/href)', property(property(props('hero'), 'cta'), 'href'), 'href', { kind: 'href' }],
    ['a picture file (defs/image-src)', property(property(props('hero'), 'image'), 'src'), 'src', { kind: 'image-src' }],
    ['a picture (defs/image)', property(props('hero'), 'image'), 'image', { kind: 'image' }],
    ['a number', property(itemsOf(schemaFiles, property(props('counters'), 'items')), 'value'), 'value', { kind: 'number', integer: false }],
    ['an integer', property(property(props('hero'), 'image'), 'width'), 'width', { kind: 'number', integer: true }],
    ['a boolean', property(props('accordion'), 'firstOpen'), 'firstOpen', { kind: 'boolean' }],
    ['an enum', property(props('accordion'), 'headingLevel'), 'headingLevel', { kind: 'enum', options: [2, 3, 4] }],
    ['a const', property(entrySchema('hero')!, 'type'), 'type', { kind: 'const', value: 'hero' }],
    ['an array of strings', property(itemsOf(schemaFiles, property(props('accordion'), 'items')), 'listItems'), 'listItems', { kind: 'array' }],
    ['an array of objects', property(props('accordion'), 'items'), 'items', { kind: 'array' }],
    ['a nested object (defs/link)', property(props('hero'), 'cta'), 'cta', { kind: 'object' }],
    ['anything else, as JSON', { schema: { description: 'no type' }, file: 'x.json' }, 'x', { kind: 'json' }],
  ])('%s', (_what, located, name, expected) => {
    expect(fieldKind(located, name)).toEqual(expected);
  });

  it('follows $refs and keeps the referring description', () => {
    const cta = resolve(schemaFiles, { schema: props('hero').schema.properties!.cta!, file: 'blocks/hero.schema.json' });
    expect(cta.file).toBe('defs/link.schema.json');
    expect(cta.schema.description).toBe('The main button.');
  });

  it('labels by the schema title when it is words, else by the property name in words', () => {
    expect(labelOf('listItems', {})).toBe('List items');
    expect(labelOf('headingLevel', { title: 'AccordionItem' })).toBe('Heading level');
    expect(labelOf('cta', { title: 'Call to action' })).toBe('Call to action');
    expect(labelOf(2, {})).toBe('Item 3');
    // A developer's name gets the editor's word, and a list of "items" is named by what they are.
    expect([labelOf('cta', {}), labelOf('href', {}), labelOf('alt', {}), labelOf('eyebrow', {})]).toEqual(['Button', 'Link', 'Picture description', 'Line above the heading']);
    expect(labelOf('items', { items: { title: 'Testimonial' } })).toBe('Testimonials');
    expect(labelOf('items', { items: { title: 'AccordionItem' } })).toBe('Items');
  });

  it('starts a new item with what its schema requires', () => {
    expect(emptyValue(schemaFiles, itemsOf(schemaFiles, property(props('accordion'), 'items')))).toEqual({ title: '', content: '' });
    expect(emptyValue(schemaFiles, property(props('accordion'), 'singleOpen'))).toBe(true);
  });
});

const accordionDoc: Doc = {
  title: 'Accordion test page | Example',
  description: 'A page with one accordion to edit in the form, long enough for the schema.',
  blocks: [
    {
      type: 'accordion',
      id: 'values',
      props: {
        heading: 'Our values',
        items: [
          { title: 'Client first', content: 'We listen.', listItems: ['One', 'Two'] },
          { title: 'Ownership', content: 'We deliver.' },
        ],
      },
    },
    { type: 'hero', id: 'hero', props: { heading: 'Hello', text: 'World', cta: { label: 'Go', href: '/contact' }, image: { src: '/a.svg', alt: 'A', width: 10, height: 10 } } },
  ],
};

const doc = () => useEditor.getState().doc.page as { blocks: Array<{ props: Record<string, unknown> }> };

describe('the block form', () => {
  beforeEach(() => {
    const site = {
      routes: [
        { path: '/contact', page: 'contact' },
        { path: '/test', page: 'test' },
      ],
    };
    openInStore({ file: 'pages/test.json', path: '/test', disk: { page: { version: 'v1', value: accordionDoc }, site: { version: 's1', value: site } }, doc: { page: accordionDoc, site }, restoredDraft: false });
    useSite.setState({
      images: [
        { src: '/a.svg', width: 10, height: 10 },
        { src: '/images/b.png', width: 640, height: 480 },
        { src: '/illustrations/c.svg', width: 72, height: 72 },
      ],
      fragmentUse: {},
    });
  });

  it('edits a string, a boolean and an enum, and shows the defaults', () => {
    useEditor.getState().select(0);
    render(<BlockForm />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Heading' }), { target: { value: 'What we value' } });
    expect(doc().blocks[0]!.props.heading).toBe('What we value');

    const firstOpen = screen.getByRole('checkbox', { name: 'First open' });
    expect(screen.getByText(/Show the first item open when the page loads\./).textContent).toContain('Default: false.');
    fireEvent.click(firstOpen);
    expect(doc().blocks[0]!.props.firstOpen).toBe(true);

    const level = screen.getByRole('combobox', { name: 'Heading level' });
    expect((level as HTMLSelectElement).value).toBe('');
    expect(within(level).getByRole('option', { name: 'Default (3)' })).toBeTruthy();
    fireEvent.change(level, { target: { value: '2' } });
    expect(doc().blocks[0]!.props.headingLevel).toBe(2);
  });

  it('clears an optional string by removing the property, not writing ""', () => {
    useEditor.getState().select(0);
    render(<BlockForm />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Heading' }), { target: { value: '' } });
    expect('heading' in doc().blocks[0]!.props).toBe(false);
  });

  it('adds, moves and removes items of an array of objects and of strings', () => {
    useEditor.getState().select(0);
    render(<BlockForm />);
    const items = () => doc().blocks[0]!.props.items as Array<{ title: string; listItems?: string[] }>;
    fireEvent.click(screen.getByRole('button', { name: 'Move Item 2 up' }));
    expect(items().map((i) => i.title)).toEqual(['Ownership', 'Client first']);
    fireEvent.click(screen.getByRole('button', { name: 'Add an item to Items' }));
    expect(items()[2]).toEqual({ title: '', content: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Item 1' }));
    expect(items().map((i) => i.title)).toEqual(['Client first', '']);

    fireEvent.click(screen.getByRole('button', { name: 'Move List item 2 up' }));
    expect(items()[0]!.listItems).toEqual(['Two', 'One']);
    fireEvent.change(screen.getByRole('textbox', { name: 'List item 1' }), { target: { value: 'Second' } });
    expect(items()[0]!.listItems).toEqual(['Second', 'One']);
  });

  it('edits a link (nested object) with the site paths suggested, and picks a picture with its size', () => {
    useEditor.getState().select(1);
    const { container } = render(<BlockForm />);
    const href = screen.getByRole('combobox', { name: 'Link' });
    fireEvent.focus(href); // the suggestions are there while the field has focus
    expect([...container.querySelectorAll(`#${href.getAttribute('list')} option`)].map((o) => o.getAttribute('value'))).toEqual(['/contact', '/test', '#values', '#hero']);
    fireEvent.change(href, { target: { value: '/about' } });
    expect((doc().blocks[1]!.props.cta as { href: string }).href).toBe('/about');

    // The library (a modal dialog in a browser; jsdom has no showModal) offers the photographs and illustrations only.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    fireEvent.click(screen.getByRole('button', { name: 'Change picture…' }));
    const library = screen.getByRole('dialog', { name: 'Picture library for Home page opening (block 2) › Picture' });
    expect(
      within(library)
        .getAllByRole('button', { name: /^(b\.png|c\.svg)/ })
        .map((b) => b.getAttribute('data-src')),
    ).toEqual(['/images/b.png', '/illustrations/c.svg']);
    expect(within(library).queryByRole('button', { name: /^a\.svg/ })).toBeNull();
    fireEvent.click(within(library).getByRole('button', { name: /^b\.png/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(doc().blocks[1]!.props.image).toEqual({ src: '/images/b.png', alt: 'A', width: 640, height: 480 });
    // The variants the build will make of it.
    expect(screen.getByText('Visitors get AVIF or WebP, 480, 640 px wide.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect('image' in doc().blocks[1]!.props).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add picture' }));
    expect(doc().blocks[1]!.props.image).toEqual({ src: '', width: 1, height: 1 });
  });

  it("asks for a picture's alt, and offers no Decorative picture box where the picture carries meaning (the hero's)", () => {
    useEditor.getState().select(1);
    render(<BlockForm />);
    expect(screen.getByRole('textbox', { name: 'Picture description' }).getAttribute('aria-required')).toBe('true');
    expect(screen.queryByRole('checkbox', { name: 'Decorative picture' })).toBeNull();
  });

  it('offers a Decorative picture box with its help where the block allows it, and then no longer requires the alt', () => {
    const cards = { ...accordionDoc, blocks: [{ type: 'approach-cards', id: 'how', props: { heading: 'How we work', items: [{ title: 'Measure', text: 'Weekly reports.', image: { src: '/a.svg', width: 10, height: 10 } }] } }] };
    openInStore({ file: 'pages/test.json', path: '/test', disk: { page: { version: 'v1', value: cards }, site: { version: 's1', value: {} } }, doc: { page: cards, site: {} }, restoredDraft: false });
    useEditor.getState().select(0);
    render(<BlockForm />);
    const box = screen.getByRole('checkbox', { name: 'Decorative picture' });
    const help = box
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(help).toMatch(/adds nothing the text beside it does not say.*screen readers skip it/);
    expect(screen.getByRole('textbox', { name: 'Picture description' }).getAttribute('aria-required')).toBe('true');
    fireEvent.click(box);
    const image = () => (doc().blocks[0]!.props.items as Array<{ image: Record<string, unknown> }>)[0]!.image;
    expect(image()).toEqual({ src: '/a.svg', decorative: true, width: 10, height: 10 });
    expect(screen.getByRole('textbox', { name: 'Picture description' }).getAttribute('aria-required')).toBeNull();
    // Unticked again, the picture is as it was: no "decorative": false left in the file.
    fireEvent.click(box);
    expect(image()).toEqual({ src: '/a.svg', width: 10, height: 10 });
  });

  it('shows the content check message beside its field and ties it to the control', () => {
    useEditor.getState().select(0);
    useEditor
      .getState()
      .setIssues([{ severity: 'error', rule: 'schema', file: 'pages/test.json', line: 9, column: 20, where: 'blocks[0] (accordion) › props.heading', path: ['page', 'blocks', 0, 'props', 'heading'], message: 'must not be empty.' }]);
    render(<BlockForm />);
    const heading = screen.getByRole('textbox', { name: 'Heading' });
    expect(heading.getAttribute('aria-invalid')).toBe('true');
    const describedBy = heading
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toContain('Error: must not be empty.');
  });

  it('edits the page title and description under Page settings', () => {
    render(<BlockForm />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'A new title for the page' } });
    expect(useEditor.getState().doc.page.title).toBe('A new title for the page');
    expect(screen.getByRole('textbox', { name: 'Description' }).tagName).toBe('TEXTAREA');
  });

  it('makes typing in one field one undo step, and a new field another', () => {
    useEditor.getState().select(0);
    render(<BlockForm />);
    const heading = screen.getByRole('textbox', { name: 'Heading' });
    for (const text of ['O', 'Ou', 'Our']) fireEvent.change(heading, { target: { value: text } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Intro' }), { target: { value: 'Hi' } });
    useEditor.getState().undo();
    expect(doc().blocks[0]!.props.intro).toBeUndefined();
    expect(doc().blocks[0]!.props.heading).toBe('Our');
    useEditor.getState().undo();
    expect(doc().blocks[0]!.props.heading).toBe('Our values');
  });
});
