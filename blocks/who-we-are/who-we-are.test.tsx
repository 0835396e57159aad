import { screen, within } from '@testing-library/react';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { describe, expect, it } from 'vitest';
import WhoWeAre from './who-we-are';
import type { WhoWeAreProps } from '../../src/generated/block-props';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const base = withDefaults('who-we-are', {
  heading: 'A fast-growing team of innovative thinkers',
  paragraphs: ['We run support desks for growing companies.', 'Each client gets a dedicated team.'],
  image: { src: '/illustrations/who-we-are-team.svg', alt: 'Three colleagues around a table', width: 560, height: 440 },
});

const renderBlock = (props: WhoWeAreProps) => renderInSite(<WhoWeAre {...props} />);

describe('who-we-are', () => {
  it('renders the heading, every paragraph and the described illustration', () => {
    renderBlock(base);
    expect(screen.getByRole('heading', { name: base.heading }).tagName).toBe('H2');
    expect(screen.getByText('We run support desks for growing companies.').tagName).toBe('P');
    expect(screen.getByText('Each client gets a dedicated team.').tagName).toBe('P');
    const image = screen.getByRole('img', { name: 'Three colleagues around a table' });
    expect(image.getAttribute('width')).toBe('560');
    expect(image.getAttribute('height')).toBe('440');
  });

  it('leaves out the eyebrow, checklist and link when they are not given', () => {
    renderBlock(base);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Who we are')).toBeNull();
  });

  it('shows the eyebrow, the highlights as a checklist and the link when given', () => {
    renderBlock({
      ...base,
      eyebrow: 'Who we are',
      highlights: ['24/7 multilingual support', 'AI chatbots'],
      link: { label: 'Know more', href: '/about' },
    });
    expect(inReadingOrder(screen.getByText('Who we are'), screen.getByRole('heading', { level: 2 }))).toBe(true);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['24/7 multilingual support', 'AI chatbots']);
    const link = screen.getByRole('link', { name: 'Know more' });
    expect(link.getAttribute('href')).toBe('/about');
    // The check and arrow icons are decoration only.
    const icons = document.querySelectorAll('svg');
    expect(icons).toHaveLength(3); // a check a highlight, and the link's arrow
    for (const svg of icons) expect(svg.getAttribute('aria-hidden')).toBe('true');
  });
});
