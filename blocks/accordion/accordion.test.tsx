import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Accordion from './accordion';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';
import { disclosureReducer, initialDisclosureState } from '../../src/kit/use-disclosure-group';

const props = withDefaults('accordion', {
  heading: 'How we deliver',
  items: [
    { id: 'support', title: 'Product support', content: 'Agents trained on your product.', listItems: ['Chat and e-mail', 'Bug triage', 'Release notes', '30+ languages', 'Weekly reports'] },
    { id: 'onboarding', title: 'Onboarding', content: 'New accounts reach value in week one.' },
    { id: 'billing', title: 'Billing care', content: 'Plan changes and refunds under your policies.' },
  ],
});

const button = (name: string) => screen.getByRole('button', { name });
// The open panels: the regions other than the section, which its h2 names.
const openPanels = () => screen.queryAllByRole('region').filter((region) => region.tagName !== 'SECTION');
const expanded = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-expanded'));

describe('disclosure group reducer', () => {
  it('starts closed, or with the first item open', () => {
    expect(initialDisclosureState({ count: 3 })).toEqual([]);
    expect(initialDisclosureState({ count: 3, firstOpen: true })).toEqual([0]);
    expect(initialDisclosureState({ count: 0, firstOpen: true })).toEqual([]);
  });

  it('keeps one item open at a time in single mode', () => {
    let state = disclosureReducer([0], { type: 'toggle', index: 2 }, true);
    expect(state).toEqual([2]);
    state = disclosureReducer(state, { type: 'toggle', index: 2 }, true);
    expect(state).toEqual([]);
  });

  it('lets items open independently otherwise', () => {
    let state = disclosureReducer([2], { type: 'toggle', index: 0 }, false);
    expect(state).toEqual([0, 2]);
    state = disclosureReducer(state, { type: 'toggle', index: 2 }, false);
    expect(state).toEqual([0]);
  });
});

describe('accordion', () => {
  it('wires each heading button to its region with aria-expanded, aria-controls and hidden', () => {
    render(<Accordion {...props} />);
    const trigger = button('Product support');
    expect(trigger.closest('h3')).not.toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(panel.getAttribute('role')).toBe('region');
    expect(panel.getAttribute('aria-labelledby')).toBe(trigger.id);
    expect(panel.hasAttribute('hidden')).toBe(true);

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hasAttribute('hidden')).toBe(false);
    expect(screen.getByRole('region', { name: 'Product support' })).toBe(panel);
  });

  it('starts with every item closed by default', () => {
    render(<Accordion {...props} />);
    expect(expanded()).toEqual(['false', 'false', 'false']);
    expect(openPanels()).toHaveLength(0);
  });

  it('is a section named by its heading', () => {
    render(<Accordion {...props} />);
    expect(screen.getByRole('region', { name: 'How we deliver' }).tagName).toBe('SECTION');
  });

  it('opens the first item when firstOpen is set', () => {
    render(<Accordion {...props} firstOpen />);
    expect(expanded()).toEqual(['true', 'false', 'false']);
    expect(screen.getByRole('region', { name: 'Product support' }).textContent).toContain('Agents trained on your product.');
  });

  it('closes the open item when another opens (singleOpen, the default)', () => {
    render(<Accordion {...props} firstOpen />);
    fireEvent.click(button('Billing care'));
    expect(expanded()).toEqual(['false', 'false', 'true']);
    fireEvent.click(button('Billing care'));
    expect(expanded()).toEqual(['false', 'false', 'false']);
  });

  it('lets several items stay open when singleOpen is false', () => {
    render(<Accordion {...props} singleOpen={false} />);
    fireEvent.click(button('Product support'));
    fireEvent.click(button('Onboarding'));
    expect(expanded()).toEqual(['true', 'true', 'false']);
    expect(openPanels()).toHaveLength(2);
  });

  it('renders bullet points inside the panel', () => {
    render(<Accordion {...props} firstOpen />);
    const region = screen.getByRole('region', { name: 'Product support' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Chat and e-mail', 'Bug triage', 'Release notes', '30+ languages', 'Weekly reports']);
  });

  it('uses native buttons, so Enter and Space toggle them', () => {
    render(<Accordion {...props} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(props.items.length);
    for (const b of buttons) {
      expect(b.tagName).toBe('BUTTON');
      expect(b.getAttribute('type')).toBe('button');
    }
  });

  it('titles items with h3 under the block heading, or the level it is given', () => {
    const { unmount } = render(<Accordion {...props} />);
    expect(screen.getByRole('heading', { name: 'How we deliver' }).tagName).toBe('H2');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    unmount();
    render(<Accordion {...withDefaults('accordion', { items: props.items, headingLevel: 2 })} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Product support', 'Onboarding', 'Billing care']);
  });

  it('keeps closed items’ text in the server HTML, hidden', () => {
    const html = renderToString(<Accordion {...props} />);
    expect(html).toContain('New accounts reach value in week one.');
    expect(html).toContain('Weekly reports');
    expect(html.match(/ hidden=""/g)).toHaveLength(3);
  });

  it('gives every button and panel a unique id, even with two accordions on a page', () => {
    const { container } = render(
      <>
        <Accordion {...props} />
        <Accordion {...props} />
      </>,
    );
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Per accordion: the h2 that names the section, and a button and a panel for each of the three items.
    expect(ids).toHaveLength(14);
  });
});
