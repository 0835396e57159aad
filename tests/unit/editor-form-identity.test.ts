import { describe, expect, it } from 'vitest';
import { nextShownForm } from '../../src/editor/page/model/form-identity';

const hero = (id?: string) => ({ type: 'hero', ...(id === undefined ? {} : { id }), props: {} });
const faq = (id: string) => ({ type: 'faq', id, props: {} });

describe('the form of the selected block', () => {
  it('keeps its key while the block’s own id is typed, emptied or undone', () => {
    let shown = nextShownForm(undefined, 0, [hero('top'), faq('faq')]);
    expect(shown.formKey).toBe('hero#top');
    for (const id of ['p', 'pa', 'partner-hero', undefined, 'top']) {
      shown = nextShownForm(shown, 0, [hero(id), faq('faq')]);
      expect(shown.formKey).toBe('hero#top');
    }
  });

  it('follows a move, and gives another block a form of its own', () => {
    const first = nextShownForm(undefined, 0, [hero('top'), faq('faq')]);
    const moved = nextShownForm(first, 1, [faq('faq'), hero('top')]);
    expect(moved.formKey).toBe('hero#top');
    expect(nextShownForm(moved, 0, [faq('faq'), hero('top')]).formKey).toBe('faq#faq');
  });

  it('does not take a removed block’s form for the block that takes its place', () => {
    const shown = nextShownForm(undefined, 0, [hero('a'), hero('b')]);
    expect(nextShownForm(shown, 0, [hero('b')]).formKey).toBe('hero#b');
    // Same place and type, the old block still on the page: another block, selected.
    expect(nextShownForm(nextShownForm(undefined, 1, [hero('a'), hero('b')]), 1, [hero('b'), hero('a')]).formKey).toBe('hero#a');
  });
});
