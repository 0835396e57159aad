import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ApproachCards from './approach-cards';
import type { ApproachCardsProps } from '../../src/generated/block-props';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const items: ApproachCardsProps['items'] = [
  {
    id: 'discover',
    image: { src: '/illustrations/approach/discover.svg', alt: '', width: 72, height: 72 },
    title: 'Discover your goals',
    text: 'We study your journeys and agree the outcomes.',
  },
  {
    image: { src: '/illustrations/approach/scale.svg', alt: 'Stacked layers', width: 72, height: 72 },
    title: 'Scale when you are ready',
    text: 'Add seats and languages in weeks.',
  },
];

describe('approach-cards', () => {
  it('renders the heading and one card per item with its title, text and icon', () => {
    const { container } = render(<ApproachCards heading="Our approach" numbered={false} items={items} />);
    expect(screen.getByRole('heading', { name: 'Our approach' }).tagName).toBe('H2');
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Discover your goals' }).tagName).toBe('H3');
    expect(within(cards[1]!).getByText('Add seats and languages in weeks.').tagName).toBe('P');
    const icons = container.querySelectorAll('img');
    expect([...icons].map((img) => [img.getAttribute('src'), img.getAttribute('alt'), img.getAttribute('width')])).toEqual([
      ['/illustrations/approach/discover.svg', '', '72'],
      ['/illustrations/approach/scale.svg', 'Stacked layers', '72'],
    ]);
  });

  it('shows the eyebrow and intro only when given', () => {
    const { rerender, container } = render(<ApproachCards heading="Our approach" numbered={false} items={items} />);
    // No paragraph outside the cards: neither an eyebrow nor an intro.
    expect([...container.querySelectorAll('p')].filter((p) => !p.closest('li'))).toHaveLength(0);
    rerender(<ApproachCards eyebrow="How we work" heading="Our approach" intro="Six steps, one team." numbered={false} items={items} />);
    // The eyebrow above the heading, the intro under it.
    expect(inReadingOrder(screen.getByText('How we work'), screen.getByRole('heading', { level: 2 }), screen.getByText('Six steps, one team.'))).toBe(true);
  });

  it('lists the cards as ordered steps only when numbered', () => {
    const { container, rerender } = render(<ApproachCards heading="Our approach" numbered={false} items={items} />);
    expect(container.querySelector('ul')).not.toBeNull();
    expect(container.querySelector('ol')).toBeNull();
    rerender(<ApproachCards heading="Our approach" numbered items={items} />);
    expect(container.querySelector('ol')).not.toBeNull();
    expect(container.querySelector('ul')).toBeNull();
  });

  it('never renders an h1', () => {
    render(<ApproachCards heading="Our approach" numbered={false} items={items} />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
