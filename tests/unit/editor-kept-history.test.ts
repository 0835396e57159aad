/** The undo history kept beside the drafts: restored after a reload for the same documents, bounded, and never for others. */
import { beforeEach, describe, expect, it } from 'vitest';
import { clearHistory, keepHistory, KEPT_CHARS, KEPT_STEPS, readHistory } from '../../src/editor/page/model/kept-history';
import type { Root } from '../../src/editor/page/model/editor-store';

const FILE = 'pages/about.json';
const site = { routes: [{ path: '/about', page: 'about' }] };
const at = (title: string, blocks: unknown[] = [{ type: 'faq', id: 'faq', props: { heading: 'Questions' } }]): Root => ({ page: { title, blocks }, site });
/** What a reload gives: the same documents, read back from text. */
const reloaded = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

beforeEach(() => localStorage.clear());

describe('the undo history kept with the drafts', () => {
  it('gives back undo and redo after a reload, each step as it was', () => {
    const states = [at('One'), at('Two'), at('Three', []), at('Four', [])];
    keepHistory(FILE, { doc: states[2]!, past: states.slice(0, 2), future: [states[3]!] });
    expect(readHistory(FILE, reloaded(states[2]!))).toEqual({ past: states.slice(0, 2), future: [states[3]] });
  });

  it('is not given to other documents than those it was kept with', () => {
    keepHistory(FILE, { doc: at('Two'), past: [at('One')], future: [] });
    expect(readHistory(FILE, at('Two, changed since'))).toEqual({ past: [], future: [] });
    clearHistory(FILE);
    expect(readHistory(FILE, at('Two'))).toEqual({ past: [], future: [] });
  });

  it(`keeps the newest ${KEPT_STEPS} steps, and no more than ${KEPT_CHARS} characters of them`, () => {
    const many = Array.from({ length: KEPT_STEPS + 20 }, (_, i) => at(`Step ${i}`));
    keepHistory(FILE, { doc: at('Now'), past: many, future: [] });
    const { past } = readHistory(FILE, at('Now'));
    expect(past).toHaveLength(KEPT_STEPS);
    expect(past.at(-1)).toEqual(many.at(-1));
    expect(past[0]).toEqual(many[20]);

    const long = 'x'.repeat(KEPT_CHARS / 4);
    keepHistory(FILE, { doc: at('Now'), past: [at(`${long}1`), at(`${long}2`), at(`${long}3`), at(`${long}4`), at(`${long}5`)], future: [] });
    expect(readHistory(FILE, at('Now')).past.map((s) => (s.page.title as string).slice(-1))).toEqual(['3', '4', '5']);
  });
});
