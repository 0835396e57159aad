import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WhyJoin from '../../blocks/why-join/why-join';
import type { WhyJoinProps } from '../../src/generated/block-props';

const props: WhyJoinProps = {
  eyebrow: 'Careers',
  heading: 'Why You Should Join',
  intro: 'We train for skill and promote from within.',
  reasons: [
    { title: 'Paid training', text: 'Three weeks before your first call.', icon: 'graduation-cap' },
    { title: 'Promotion paths', text: 'Reviews every six months.', icon: 'trending-up' },
    { title: 'Real impact', text: 'Customers of global brands.', icon: 'handshake' },
  ],
};

describe('why-join', () => {
  it('renders a section named by its h2, with the eyebrow and intro', () => {
    render(<WhyJoin {...props} />);
    const section = screen.getByRole('region', { name: 'Why You Should Join' });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Why You Should Join');
    expect(screen.getByText('Careers')).toBeTruthy();
    expect(screen.getByText(props.intro!)).toBeTruthy();
  });

  it('lists each reason with an h3 title, its text and a decorative icon', () => {
    render(<WhyJoin {...props} />);
    const reasons = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(reasons).toHaveLength(3);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Paid training', 'Promotion paths', 'Real impact']);
    expect(within(reasons[1]!).getByText('Reviews every six months.')).toBeTruthy();
    expect(reasons[0]!.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });
});
