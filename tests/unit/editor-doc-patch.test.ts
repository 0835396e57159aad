/** The documents as the preview frame receives them: changes that keep every unchanged object the frame's same object. */
import { describe, expect, it } from 'vitest';
import { applyDocPatch, docPatch } from '../../src/editor/shared/doc-patch';
import { setIn } from '../../src/editor/page/model/json-path';

type Docs = { page: { title: string; blocks: Array<Record<string, unknown>> }; site: Record<string, unknown> };

const block = (id: string) => ({ type: 'faq', id, props: { title: id, items: [{ q: `${id}?` }] } });
const start: Docs = { page: { title: 'About', blocks: ['a', 'b', 'c', 'd'].map(block) }, site: { layout: { header: block('h') } } };

/** What the frame holds after `before` then `after` were sent (a copy, as postMessage makes one). */
function mirror(before: Docs, after: Docs): { held: Docs; next: Docs } {
  const held = structuredClone(before);
  const next = applyDocPatch(held, structuredClone(docPatch(before, after))) as Docs;
  return { held, next };
}

describe('docPatch and applyDocPatch', () => {
  it('carry a keystroke in one block as that block alone: the others stay the frame’s same objects', () => {
    const after = setIn(start, ['page', 'blocks', 2, 'props', 'title'], 'Changed');
    const { held, next } = mirror(start, after);
    expect(next).toEqual(after);
    expect(next.page.blocks.map((b, i) => b === held.page.blocks[i])).toEqual([true, true, false, true]);
    expect(next.site).toBe(held.site);
    expect(next.page.blocks[2]!.props).not.toBe(held.page.blocks[2]!.props);
    expect((next.page.blocks[2]!.props as { items: unknown }).items).toBe((held.page.blocks[2]!.props as { items: unknown }).items);
  });

  it('carry an insert and a move as the list’s order: every block that was there keeps its object', () => {
    const inserted = { ...start, page: { ...start.page, blocks: [start.page.blocks[3]!, block('new'), ...start.page.blocks.slice(0, 3)] } };
    const { held, next } = mirror(start, inserted);
    expect(next).toEqual(inserted);
    expect(next.page.blocks[0]).toBe(held.page.blocks[3]);
    expect(next.page.blocks.slice(2)).toEqual(held.page.blocks.slice(0, 3));
    expect(next.page.blocks.slice(2).every((b, i) => b === held.page.blocks[i])).toBe(true);
    const patch = JSON.stringify(docPatch(start, inserted));
    expect(patch).not.toContain('"b?"'); // the moved blocks are not sent again
  });

  it('remove a property and a block, and replace a value of another kind whole', () => {
    const { title: _title, ...untitled } = start.page;
    const after = { page: { ...untitled, blocks: start.page.blocks.slice(1) }, site: { layout: 'none' } } as unknown as Docs;
    const { next } = mirror(start, after);
    expect(next).toEqual(after);
    expect('title' in next.page).toBe(false);
  });

  it('send the documents whole when the frame holds nothing yet', () => {
    expect(docPatch(undefined, start)).toEqual({ value: start });
    expect(applyDocPatch({ stale: true }, { value: start })).toBe(start);
  });

  it('keep the frame’s documents equal to the editor’s over a run of edits, each sent as a change to the last', () => {
    let docs = start;
    let held = structuredClone(start) as unknown;
    const edits: Array<(d: Docs) => Docs> = [
      (d) => setIn(d, ['page', 'blocks', 0, 'id'], 'first'),
      (d) => setIn(d, ['page', 'blocks', 1], undefined),
      (d) => setIn(d, ['site', 'fragments'], { banner: block('banner') }),
      (d) => setIn(d, ['page', 'blocks'], [...d.page.blocks].reverse()),
      (d) => setIn(d, ['page', 'blocks', 2, 'props', 'items', 1], { q: 'two' }),
      (d) => setIn(d, ['site', 'layout', 'header'], undefined),
    ];
    for (const edit of edits) {
      const next = edit(docs);
      held = applyDocPatch(held, structuredClone(docPatch(docs, next)));
      docs = next;
      expect(held).toEqual(docs);
    }
  });
});
