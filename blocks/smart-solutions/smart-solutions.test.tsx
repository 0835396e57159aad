import { screen, within } from '@testing-library/react';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { describe, expect, it } from 'vitest';
import SmartSolutions from './smart-solutions';
import type { SmartSolutionsProps } from '../../src/generated/block-props';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const items: SmartSolutionsProps['items'] = [
  { icon: 'bot', title: 'AI chatbots with human handover', text: 'Bots answer routine questions.' },
  { icon: 'shield-check', title: 'Compliance-ready processes', text: 'Audit trails from day one.' },
  { title: 'Tailored workflows', text: 'Shaped around your policies.' },
];

const renderBlock = (props: SmartSolutionsProps) => renderInSite(<SmartSolutions {...props} />);

describe('smart-solutions', () => {
  it('renders the heading and one card per item with its title and text', () => {
    renderBlock({ heading: 'People and technology as one team', items });
    expect(screen.getByRole('heading', { name: 'People and technology as one team' }).tagName).toBe('H2');
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['AI chatbots with human handover', 'Compliance-ready processes', 'Tailored workflows']);
    expect(screen.getByText('Audit trails from day one.').tagName).toBe('P');
  });

  it('draws a decorative icon only for items that name one', () => {
    renderBlock({ heading: 'Smart solutions', items });
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    const iconsPerCard = cards.map((card) => card.querySelectorAll('svg').length);
    expect(iconsPerCard).toEqual([1, 1, 0]);
    expect(cards[0]!.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(cards[0]!.querySelector('svg')!.getAttribute('class')).toContain('lucide-bot');
    expect(cards[1]!.querySelector('svg')!.getAttribute('class')).toContain('lucide-shield-check');
  });

  it('shows the eyebrow, intro and button only when given', () => {
    const { unmount } = renderBlock({ heading: 'Smart solutions', items });
    expect(screen.queryByRole('link')).toBeNull();
    // No paragraph outside the cards: neither an eyebrow nor an intro.
    expect([...document.querySelectorAll('p')].filter((p) => !p.closest('li'))).toHaveLength(0);
    unmount();
    renderBlock({
      eyebrow: 'Why us',
      heading: 'Smart solutions',
      intro: 'People, AI and analytics combined.',
      items,
      cta: { label: 'Talk to an expert', href: '/contact' },
    });
    // The eyebrow above the heading, the intro under it.
    expect(inReadingOrder(screen.getByText('Why us'), screen.getByRole('heading', { level: 2 }), screen.getByText('People, AI and analytics combined.'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Talk to an expert' }).getAttribute('href')).toBe('/contact');
  });
});
