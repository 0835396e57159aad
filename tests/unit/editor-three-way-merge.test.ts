import { describe, expect, it } from 'vitest';
import { mergeThreeWay } from '../../src/editor/page/model/three-way-merge';

type Entry = { type?: string; id?: string; fragment?: string; props?: Record<string, unknown> };
const block = (id: string, props: Record<string, unknown>): Entry => ({ type: 'accordion', id, props });
const page = (...blocks: Entry[]) => ({ title: 'Partners', description: 'Who we work with', blocks });
const ids = (doc: { blocks: Entry[] }) => doc.blocks.map((b) => b.id ?? `fragment:${b.fragment}`);

describe('three-way merge of a page document', () => {
  const intro = block('intro', { heading: 'Delivery in twelve countries', text: 'Teams near you' });
  const faq = block('faq', { heading: 'Questions', text: 'Answers' });
  const closing = block('closing', { heading: 'Talk to us', text: 'Today' });
  const base = page(intro, faq, closing);

  it('keeps a change on disk to another block when the editor changed one block (the lost "fourteen")', () => {
    const theirs = page(block('intro', { heading: 'Delivery in fourteen countries', text: 'Teams near you' }), faq, closing);
    const mine = page(intro, block('faq', { heading: 'Your questions', text: 'Answers' }), closing);
    const { merged, conflicts, incoming } = mergeThreeWay(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged).toEqual(page(block('intro', { heading: 'Delivery in fourteen countries', text: 'Teams near you' }), block('faq', { heading: 'Your questions', text: 'Answers' }), closing));
    expect(incoming).toEqual([{ key: '/blocks/#intro/props/heading', path: ['blocks', 0, 'props', 'heading'] }]);
  });

  it('merges two fields of the same block changed on different sides', () => {
    const theirs = page(block('intro', { heading: 'Delivery in fourteen countries', text: 'Teams near you' }), faq, closing);
    const mine = page(block('intro', { heading: 'Delivery in twelve countries', text: 'Engineers in your time zone' }), faq, closing);
    const { merged, conflicts } = mergeThreeWay(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.blocks[0]).toEqual(block('intro', { heading: 'Delivery in fourteen countries', text: 'Engineers in your time zone' }));
  });

  it('matches blocks by id, not place: a block moved on disk keeps the edit made to it in the editor', () => {
    const theirs = page(closing, intro, faq);
    const mine = page(intro, faq, block('closing', { heading: 'Start a project', text: 'Today' }));
    const { merged, conflicts, incoming } = mergeThreeWay(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(ids(merged)).toEqual(['closing', 'intro', 'faq']);
    expect(merged.blocks[0]).toEqual(block('closing', { heading: 'Start a project', text: 'Today' }));
    expect(incoming).toEqual([{ key: '/blocks/order', path: ['blocks'] }]);
  });

  it("calls the same field changed differently on both sides a conflict, keeps the editor's value until told otherwise, and nothing else", () => {
    const theirs = page(intro, block('faq', { heading: 'Frequently asked', text: 'Answers' }), block('closing', { heading: 'Talk to us', text: 'This week' }));
    const mine = page(intro, block('faq', { heading: 'Your questions', text: 'Answers' }), closing);
    const first = mergeThreeWay(base, mine, theirs);
    expect(first.conflicts).toEqual([{ key: '/blocks/#faq/props/heading', path: ['blocks', 1, 'props', 'heading'], base: 'Questions', mine: 'Your questions', theirs: 'Frequently asked' }]);
    expect(first.merged.blocks[1]).toEqual(block('faq', { heading: 'Your questions', text: 'Answers' }));
    expect(first.merged.blocks[2]).toEqual(block('closing', { heading: 'Talk to us', text: 'This week' }));
    const decided = mergeThreeWay(base, mine, theirs, new Map([['/blocks/#faq/props/heading', 'theirs']]));
    expect(decided.merged.blocks[1]).toEqual(block('faq', { heading: 'Frequently asked', text: 'Answers' }));
  });

  it('sees no conflict where both sides made the same change', () => {
    const both = page(intro, block('faq', { heading: 'Your questions', text: 'Answers' }), closing);
    expect(mergeThreeWay(base, both, structuredClone(both))).toEqual({ merged: both, conflicts: [], incoming: [] });
  });

  it('keeps blocks added on both sides, each after the block it followed there', () => {
    const theirs = page(intro, block('team', { heading: 'Our team', text: 'People' }), faq, closing);
    const mine = page(intro, faq, closing, block('contact', { heading: 'Write to us', text: 'Form' }));
    const { merged, conflicts, incoming } = mergeThreeWay(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(ids(merged)).toEqual(['intro', 'team', 'faq', 'closing', 'contact']);
    // The block the disk added is named where it landed; one it removed, by its list.
    expect(incoming).toEqual([{ key: '/blocks/#team', path: ['blocks', 1] }]);
    expect(mergeThreeWay(base, mine, page(intro, closing)).incoming).toEqual([{ key: '/blocks/#faq', path: ['blocks'] }]);
  });

  it('removes a block removed on disk that the editor did not touch, and asks about one the editor changed', () => {
    const theirs = page(intro, closing);
    expect(ids(mergeThreeWay(base, page(...base.blocks, block('contact', { heading: 'Write to us', text: 'Form' })), theirs).merged)).toEqual(['intro', 'closing', 'contact']);
    const mine = page(intro, block('faq', { heading: 'Your questions', text: 'Answers' }), closing);
    const { merged, conflicts } = mergeThreeWay(base, mine, theirs);
    expect(conflicts).toEqual([{ key: '/blocks/#faq', path: ['blocks'], base: faq, mine: mine.blocks[1]!, theirs: undefined }]);
    expect(ids(merged)).toEqual(['intro', 'faq', 'closing']);
    expect(ids(mergeThreeWay(base, mine, theirs, new Map([['/blocks/#faq', 'theirs']])).merged)).toEqual(['intro', 'closing']);
  });

  it('calls two different moves of the same blocks a conflict of their order', () => {
    const theirs = page(closing, intro, faq);
    const mine = page(faq, intro, closing);
    const { merged, conflicts } = mergeThreeWay(base, mine, theirs);
    expect(conflicts.map((c) => [c.key, c.path])).toEqual([['/blocks/order', ['blocks']]]);
    expect(ids(merged)).toEqual(['faq', 'intro', 'closing']);
    expect(ids(mergeThreeWay(base, mine, theirs, new Map([['/blocks/order', 'theirs']])).merged)).toEqual(['closing', 'intro', 'faq']);
  });

  it('names fragment references by their fragment', () => {
    const withFragment = page(intro, { fragment: 'contact-band' });
    const theirs = page({ fragment: 'contact-band' }, intro);
    const mine = page(block('intro', { heading: 'Delivery in fourteen countries', text: 'Teams near you' }), { fragment: 'contact-band' });
    const { merged, conflicts } = mergeThreeWay(withFragment, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(ids(merged)).toEqual(['fragment:contact-band', 'intro']);
  });

  it('merges a list without ids item by item while its length stays, and as one value when it changes on both sides', () => {
    const cards = (titles: string[]) => ({ items: titles.map((title) => ({ title })) });
    const sameLength = mergeThreeWay(cards(['Cloud', 'Data', 'Security']), cards(['Cloud', 'Data and AI', 'Security']), cards(['Cloud migration', 'Data', 'Security']));
    expect(sameLength).toMatchObject({ merged: cards(['Cloud migration', 'Data and AI', 'Security']), conflicts: [] });
    const longer = mergeThreeWay(cards(['Cloud', 'Data']), cards(['Cloud', 'Data', 'Security']), cards(['Cloud', 'Analytics']));
    expect(longer.conflicts.map((c) => c.key)).toEqual(['/items']);
    expect(longer.merged).toEqual(cards(['Cloud', 'Data', 'Security']));
  });

  it('drops an optional field cleared on one side and left alone on the other', () => {
    const { merged, conflicts } = mergeThreeWay({ heading: 'A', eyebrow: 'B' }, { heading: 'A' }, { heading: 'C', eyebrow: 'B' });
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({ heading: 'C' });
  });
});
