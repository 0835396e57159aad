import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeWords, valueText } from '../../src/editor/shared/change-words';
import { schemaFiles } from '../../src/editor/shared/schemas';

type Doc = { title: string; blocks: Array<Record<string, unknown> & { props?: Record<string, unknown> }> };
const about = (): Doc => JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../pages/about.json'), 'utf8')) as Doc;
const words = (after: Doc, before: Doc = about()) => changeWords(schemaFiles, 'pages/about.json', before, after);

describe('what a draft changes, in words', () => {
  it('names a changed field by its block and label, with the old and new value', () => {
    const draft = about();
    draft.title = 'About us: teams for retail, healthcare and logistics';
    draft.blocks[0]!.props!.heading = 'Who we are';
    expect(words(draft)).toEqual([
      { kind: 'changed', place: 'Title', before: about().title, after: 'About us: teams for retail, healthcare and logistics' },
      { kind: 'changed', place: 'Page opening (block 1) › Heading', before: 'About Us', after: 'Who we are' },
    ]);
  });

  it('says one added block as one line, not a change of every block below it, and a removed one by where it stood', () => {
    const draft = about();
    const faq = { type: 'faq', id: 'questions', props: {} };
    draft.blocks.splice(1, 0, faq);
    const added = words(draft);
    expect(added.map((l) => l.kind)).toEqual(['added']);
    expect(added[0]!.place).toMatch(/\(block 2\)$/);

    const shorter = about();
    shorter.blocks.splice(2, 1);
    expect(words(shorter)).toEqual([{ kind: 'removed', place: expect.stringMatching(/\(block 3\)$/) }]);
  });

  it('says a block that changed place as moved, once, and nothing for the blocks it passed', () => {
    const draft = about();
    const [first] = draft.blocks.splice(0, 1);
    draft.blocks.splice(3, 0, first!);
    expect(words(draft)).toEqual([{ kind: 'moved', place: expect.stringMatching(/\(block 4\)$/) }]);
  });

  it('says a new page is new, and nothing when nothing changed', () => {
    expect(changeWords(schemaFiles, 'pages/new.json', undefined, about())).toEqual([{ kind: 'added', place: 'The whole page (a new page)' }]);
    expect(words(about())).toEqual([]);
  });

  it('reads values as a person would', () => {
    expect([valueText(undefined), valueText(''), valueText(3), valueText(['a', 'b']), valueText({ src: '/images/team.jpg', alt: 'Team' }), valueText('x'.repeat(500)).length]).toEqual([
      '(empty)',
      '(empty)',
      '3',
      '2 items',
      'picture /images/team.jpg',
      401,
    ]);
  });
});
