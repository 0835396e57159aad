import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Testimonials, { testimonialsCarousel } from './testimonials';
import { sliderSettings, slidesToShowAt } from '../../src/kit/carousel';
import type { TestimonialsProps } from '../../src/generated/block-props';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';

const schema = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../schemas/blocks/testimonials.schema.json'), 'utf8')) as {
  examples: TestimonialsProps[];
};
const example = schema.examples[0]!;
const originals = (root: ParentNode) => [...root.querySelectorAll('.slick-slide:not(.slick-cloned)')];

describe('testimonials', () => {
  it('shows 2 cards, 1 at 600 px and below; dots, infinite, speed 500, scroll 1, no autoplay', () => {
    expect([1280, 601, 600, 390].map((width) => slidesToShowAt(testimonialsCarousel, width))).toEqual([2, 2, 1, 1]);
    expect(sliderSettings(testimonialsCarousel, { slidesToShow: 2, reducedMotion: false })).toMatchObject({
      dots: true,
      infinite: true,
      speed: 500,
      slidesToScroll: 1,
      autoplay: false,
    });
  });

  it('renders every testimonial once as a quote with its role and company', () => {
    const { container } = render(<Testimonials {...example} />);
    expect(screen.getByRole('heading', { name: 'What Our Clients Say' }).tagName).toBe('H2');
    const slides = originals(container);
    expect(example.items.length).toBeGreaterThan(0);
    expect(slides).toHaveLength(example.items.length);
    example.items.forEach((item, i) => {
      const slide = slides[i]!;
      expect(slide.querySelector('blockquote')?.textContent).toBe(item.quote);
      const caption = slide.querySelector('figcaption')!;
      expect(caption.textContent).toContain(item.role);
      expect(caption.textContent).toContain(item.company);
    });
  });

  it('states the 30% and 40% cost reductions', () => {
    const quotes = example.items.map((item) => item.quote).join(' ');
    expect(quotes).toContain('30%');
    expect(quotes).toContain('40%');
  });

  it('defaults the heading from the schema, and names the carousel and its controls', () => {
    const { heading: _omit, ...rest } = example;
    render(<Testimonials {...withDefaults('testimonials', rest)} />);
    expect(screen.getByRole('heading', { name: 'What Our Clients Say' }).tagName).toBe('H2');
    const region = screen.getByRole('region', { name: 'What Our Clients Say' });
    expect(within(region).getByRole('button', { name: 'Previous testimonials' }).getAttribute('type')).toBe('button');
    expect(within(region).getByRole('button', { name: 'Next testimonials' }).getAttribute('type')).toBe('button');
    expect(within(region).getAllByRole('button', { name: /^Show slide \d of 5$/ })).toHaveLength(5);
  });

  it('shows two cards at a time and keeps the others out of reach', () => {
    const { container } = render(<Testimonials {...example} />);
    expect(screen.getAllByRole('blockquote')).toHaveLength(2);
    // Every testimonial but the two shown is hidden (and the carousel's copies of them).
    const hidden = container.querySelectorAll('.slick-slide[aria-hidden="true"]');
    expect(hidden.length).toBeGreaterThanOrEqual(example.items.length - 2);
    for (const slide of hidden) expect(slide.hasAttribute('inert')).toBe(true);
  });
});
