import { screen, within } from '@testing-library/react';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { describe, expect, it } from 'vitest';
import InfoCards from './info-cards';
import type { InfoCardsProps } from '../../src/generated/block-props';

const props: InfoCardsProps = {
  heading: 'What Our Clients Say',
  items: [
    { title: 'Social media', text: 'Client stories every week.', icon: 'message-circle' },
    { title: 'Blogs', text: 'Guides on running support.', icon: 'file-text', link: { label: 'Read our blogs', href: '/blogs' } },
    { title: 'Nearby office', text: 'Visit us in Pune.', icon: 'map-pinned' },
    { title: 'Latest updates', text: 'New language desks.', icon: 'sparkles' },
  ],
};

const renderBlock = (p: InfoCardsProps) => renderInSite(<InfoCards {...p} />, { path: '/contact' });

describe('info-cards', () => {
  it('renders a labelled section with one list item and h3 per card', () => {
    renderBlock(props);
    expect(screen.getByRole('region', { name: 'What Our Clients Say' }).getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'What Our Clients Say' }).id);
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Social media', 'Blogs', 'Nearby office', 'Latest updates']);
    expect(within(cards[2]!).getByText('Visit us in Pune.').tagName).toBe('P');
  });

  it('hides the icons from assistive technology', () => {
    const { container } = renderBlock(props);
    const icons = [...container.querySelectorAll('svg')];
    expect(icons.length).toBeGreaterThanOrEqual(4);
    for (const icon of icons) expect(icon.getAttribute('aria-hidden')).toBe('true');
  });

  it('links only the cards that have a link', () => {
    renderBlock(props);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/blogs');
    expect(links[0]!.textContent).toBe('Read our blogs');
  });

  it('titles the cards h2 when the block has no heading of its own', () => {
    renderBlock({ items: props.items });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
  });
});
