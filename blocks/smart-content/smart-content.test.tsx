import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardSection } from '../../tests/unit/fixtures/card-section';
import SmartContent from './smart-content';
import type { SmartContentProps } from '../../src/generated/block-props';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const items: SmartContentProps['items'] = [
  { title: 'HIPAA-aware workflows', text: 'Access limited by role and logged.' },
  { title: 'Smart scheduling', text: 'One queue for every channel.' },
  { title: 'Clinical escalation', text: 'Urgent symptoms reach a nurse line.' },
];

describe('smart-content', () => {
  it('renders the h2 and each item as a list entry with an h3 and its paragraph', () => {
    render(<SmartContent heading="Technology that makes care safer" items={items} />);
    const { cards: entries, titles } = cardSection('Technology that makes care safer');
    expect(titles).toEqual(['HIPAA-aware workflows', 'Smart scheduling', 'Clinical escalation']);
    expect(within(entries[2]!).getByText('Urgent symptoms reach a nurse line.').tagName).toBe('P');
  });

  it('shows the eyebrow and intro only when given', () => {
    const { unmount } = render(<SmartContent heading="Smart content" items={items} />);
    expect(document.querySelectorAll('p')).toHaveLength(3);
    unmount();
    render(<SmartContent eyebrow="Smart solutions" heading="Smart content" intro="Tools that protect patient data." items={items} />);
    // The eyebrow above the heading, the intro under it.
    expect(inReadingOrder(screen.getByText('Smart solutions'), screen.getByRole('heading', { level: 2 }), screen.getByText('Tools that protect patient data.'))).toBe(true);
  });
});
