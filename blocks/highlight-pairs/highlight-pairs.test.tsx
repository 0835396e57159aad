import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HighlightPairs from './highlight-pairs';
import type { HighlightPairsProps } from '../../src/generated/block-props';

const pairs: HighlightPairsProps['pairs'] = [
  {
    first: { heading: 'Onboarding that sticks', content: 'Trial users get help in week one.' },
    second: { heading: 'Technical support tiers', content: 'Tier 2 reproduces bugs.' },
  },
  {
    first: { heading: 'Churn signals', content: 'Tagged by reason and sentiment.' },
    second: { heading: 'Release-day readiness', content: 'Agents briefed before releases.' },
  },
];

describe('highlight-pairs', () => {
  it('renders every panel in reading order, first then second, as h3s under the section h2', () => {
    render(<HighlightPairs heading="Support that scales" pairs={pairs} />);
    expect(screen.getByRole('region', { name: 'Support that scales' }).getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Support that scales' }).id);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Onboarding that sticks', 'Technical support tiers', 'Churn signals', 'Release-day readiness']);
    const panel = screen.getByRole('heading', { name: 'Release-day readiness' }).parentElement!;
    expect(within(panel).getByText('Agents briefed before releases.').tagName).toBe('P');
  });

  it('promotes the panel headings to h2 when the block has no heading, so the outline has no gap', () => {
    render(<HighlightPairs pairs={pairs} />);
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
  });
});
