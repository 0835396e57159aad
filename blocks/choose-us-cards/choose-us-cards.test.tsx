import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardSection } from '../../tests/unit/fixtures/card-section';
import ChooseUsCards from './choose-us-cards';
import type { ChooseUsCardsProps } from '../../src/generated/block-props';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const items: ChooseUsCardsProps['items'] = [
  { icon: 'users', title: 'A dedicated team', text: 'The same agents stay on your account.' },
  { icon: 'shield-check', title: 'Security built in', text: 'Role-based access and audits.' },
  { icon: 'gauge', title: 'Measurable results', text: 'KPIs agreed before go-live.' },
];

describe('choose-us-cards', () => {
  it('renders the h2 and one card per reason with its title as an h3 and its text', () => {
    render(<ChooseUsCards eyebrow="Why choose us" heading="A partner that works like your team" items={items} />);
    const { cards, titles } = cardSection('A partner that works like your team');
    expect(inReadingOrder(screen.getByText('Why choose us'), screen.getByRole('heading', { level: 2 }))).toBe(true);
    expect(titles).toEqual(['A dedicated team', 'Security built in', 'Measurable results']);
    expect(within(cards[2]!).getByText('KPIs agreed before go-live.').tagName).toBe('P');
  });

  it('numbers the cards 01, 02, 03 as decoration and keeps the icons hidden from assistive technology', () => {
    render(<ChooseUsCards heading="Why us" items={items} />);
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    const numbers = cards.map((card) => card.querySelector('[aria-hidden="true"]:not(svg)')!);
    expect(numbers.map((n) => n.textContent)).toEqual(['01', '02', '03']);
    expect(cards.every((card) => card.querySelector('svg')?.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(cards[2]!.querySelector('svg')!.getAttribute('class')).toContain('lucide-gauge');
  });
});
