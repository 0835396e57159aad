import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PageHero from './page-hero';
import type { PageHeroProps } from '../../src/generated/block-props';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const props = withDefaults('page-hero', {
  eyebrow: 'Customer support',
  heading: 'Support your customers around the clock',
  text: 'Trained agents on voice, chat and e-mail, in your tone of voice.',
  cta: { label: 'Talk to us', href: '/contact' },
});

describe('page-hero', () => {
  it('is the page’s h1, with its eyebrow, text and call to action', () => {
    renderInSite(<PageHero {...props} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(props.heading);
    expect(inReadingOrder(screen.getByText(props.eyebrow!), screen.getByRole('heading', { level: 1 }), screen.getByText(props.text!))).toBe(true);
    expect(screen.getByRole('link', { name: props.cta!.label }).getAttribute('href')).toBe('/contact');
  });

  it('shows the heading alone when that is all it has', () => {
    const only: PageHeroProps = { heading: props.heading };
    const { container } = renderInSite(<PageHero {...only} />);
    expect(container.querySelectorAll('p, a')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(props.heading);
  });
});
