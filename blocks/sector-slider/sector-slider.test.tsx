import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { describe, expect, it } from 'vitest';
import SectorSlider, { sectorCarousel } from './sector-slider';
import { breakpointVars, sliderSettings, slidesToShowAt } from '../../src/kit/carousel';
import type { SectorSliderProps } from '../../src/generated/block-props';

const schema = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../schemas/blocks/sector-slider.schema.json'), 'utf8')) as {
  examples: SectorSliderProps[];
};
const example = schema.examples[0]!;

function renderSlider() {
  return renderInSite(<SectorSlider {...example} />);
}
const originals = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.slick-slide:not(.slick-cloned) article')];

describe('sector-slider', () => {
  it('shows 4 cards, 3 up to 1200 px, 2 up to 767 px, 1 up to 600 px; infinite, speed 500, scroll 1, no dots', () => {
    expect([1440, 1201, 1200, 991, 768, 767, 650, 601, 600, 390].map((w) => slidesToShowAt(sectorCarousel, w))).toEqual([4, 4, 3, 3, 3, 2, 2, 2, 1, 1]);
    expect(sliderSettings(sectorCarousel, { slidesToShow: 4, reducedMotion: false })).toMatchObject({
      dots: false,
      infinite: true,
      speed: 500,
      slidesToScroll: 1,
      autoplay: false,
    });
    expect(breakpointVars(sectorCarousel)).toMatchObject({ '--carousel-show-base': '4', '--carousel-show-1200': '3', '--carousel-show-767': '2', '--carousel-show-600': '1' });
  });

  it('renders the eight sectors, each with an "Explore Now" link to its industry page', () => {
    const { container } = renderSlider();
    const cards = originals(container);
    expect(cards).toHaveLength(8);
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual([
      'SaaS & Software',
      'FinTech & Compliance',
      'E-commerce & Retail',
      'HealthCare & HealthTech',
      'Food & Dining',
      'Gaming & Entertainment',
      'Automotive Customer Care',
      'Travel & Booking',
    ]);
    expect(cards.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual([
      '/saas-software',
      '/fintech-compliance',
      '/ecommerce-retail',
      '/healthcare-healthtech',
      '/food-dining',
      '/gaming-entertainment',
      '/automotive-customer-care',
      '/travel-hospitality',
    ]);
    // Visible cards' links are reachable and name their sector after the visible label.
    const links = screen.getAllByRole('link', { name: /^Explore Now/ });
    expect(links).toHaveLength(4);
    expect(links[0]!.textContent).toContain('SaaS & Software');
  });

  it('has labelled previous/next buttons and no dots', () => {
    renderSlider();
    const region = screen.getByRole('region', { name: example.heading });
    expect(within(region).getByRole('button', { name: 'Previous sectors' }).getAttribute('type')).toBe('button');
    expect(within(region).getByRole('button', { name: 'Next sectors' }).getAttribute('type')).toBe('button');
    expect(within(region).queryAllByRole('button', { name: /^Show slide/ })).toHaveLength(0);
  });

  it('highlights the hovered card and clears it when the pointer leaves', () => {
    const { container } = renderSlider();
    const [first, second] = originals(container);
    expect(container.querySelectorAll('[data-highlighted]')).toHaveLength(0);

    fireEvent.mouseEnter(first!);
    expect(first!.getAttribute('data-highlighted')).toBe('true');
    expect(second!.hasAttribute('data-highlighted')).toBe(false);

    fireEvent.mouseEnter(second!);
    expect(first!.hasAttribute('data-highlighted')).toBe(false);
    expect(second!.getAttribute('data-highlighted')).toBe('true');

    fireEvent.mouseLeave(second!);
    expect(container.querySelectorAll('[data-highlighted]')).toHaveLength(0);
  });

  it('highlights the card that holds keyboard focus', () => {
    const { container } = renderSlider();
    const [first, second] = originals(container);
    act(() => first!.querySelector('a')!.focus());
    expect(first!.getAttribute('data-highlighted')).toBe('true');
    act(() => second!.querySelector('a')!.focus());
    expect(first!.hasAttribute('data-highlighted')).toBe(false);
    expect(second!.getAttribute('data-highlighted')).toBe('true');
    act(() => second!.querySelector('a')!.blur());
    expect(container.querySelectorAll('[data-highlighted]')).toHaveLength(0);
  });
});
