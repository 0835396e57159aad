import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import Accordion from './accordion';
import enhance from './accordion.enhance';
import { notePresses } from '../../src/kit/early-press.enhance';
import type { AccordionProps } from '../../src/generated/block-props';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';

const props = withDefaults('accordion', {
  items: [
    { id: 'support', title: 'Product support', content: 'Agents trained on your product.' },
    { id: 'onboarding', title: 'Onboarding', content: 'New accounts reach value in week one.' },
    { id: 'billing', title: 'Billing care', content: 'Plan changes and refunds under your policies.' },
  ],
});

/** The block as the server sends it, with its enhance module run on it: the page without React. */
function serverBlock(overrides: Partial<AccordionProps> = {}, beforeEnhance: (root: HTMLElement) => void = () => {}) {
  const root = document.createElement('div');
  root.dataset.block = 'accordion';
  root.innerHTML = renderToString(<Accordion {...props} {...overrides} />);
  document.body.replaceChildren(root);
  beforeEnhance(root);
  const undo = enhance(root);
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[aria-expanded]')];
  const panels = buttons.map((b) => document.getElementById(b.getAttribute('aria-controls')!)!);
  return { root, undo, buttons, panels, expanded: () => buttons.map((b) => b.getAttribute('aria-expanded')) };
}

afterEach(() => document.body.replaceChildren());

describe('accordion without React', () => {
  it('starts from the server HTML: the first item open when asked, the closed panels hidden until found', () => {
    const { expanded, panels, root } = serverBlock({ firstOpen: true });
    expect(expanded()).toEqual(['true', 'false', 'false']);
    expect(panels.map((p) => p.getAttribute('hidden'))).toEqual([null, 'until-found', 'until-found']);
    expect(root.querySelectorAll('[data-open]')).toHaveLength(1);
  });

  it('keeps one item open at a time, and closes an open one on its own button', () => {
    const { buttons, panels, expanded } = serverBlock({ firstOpen: true });
    buttons[2]!.click();
    expect(expanded()).toEqual(['false', 'false', 'true']);
    expect(panels[2]!.hasAttribute('hidden')).toBe(false);
    expect(panels[0]!.getAttribute('hidden')).toBe('until-found');
    buttons[2]!.click();
    expect(expanded()).toEqual(['false', 'false', 'false']);
  });

  it('lets several stay open when singleOpen is false', () => {
    const { buttons, expanded } = serverBlock({ singleOpen: false });
    buttons[0]!.click();
    buttons[1]!.click();
    expect(expanded()).toEqual(['true', 'true', 'false']);
  });

  it('opens the item whose panel find in page is about to reveal', () => {
    const { panels, expanded } = serverBlock({ firstOpen: true });
    panels[1]!.dispatchEvent(new Event('beforematch', { bubbles: true }));
    expect(expanded()).toEqual(['false', 'true', 'false']);
  });

  it('acts once on a press the loader noted before it attached, with no focus left on the button (as in Safari)', () => {
    notePresses(document);
    const { expanded, buttons } = serverBlock({ firstOpen: true }, (root) => {
      const pressed = root.querySelectorAll<HTMLButtonElement>('button[aria-expanded]')[2]!;
      pressed.click();
      pressed.blur();
    });
    expect(expanded()).toEqual(['false', 'false', 'true']);
    // Taken: a later module start acts on it no more, and the next press is the block's own.
    buttons[1]!.click();
    expect(expanded()).toEqual(['false', 'true', 'false']);
  });

  it('attaches once, and lets go when undone', () => {
    const { root, buttons, undo, expanded } = serverBlock();
    enhance(root)();
    buttons[0]!.click();
    expect(expanded()).toEqual(['true', 'false', 'false']);
    undo();
    buttons[1]!.click();
    expect(expanded()).toEqual(['true', 'false', 'false']);
  });
});
