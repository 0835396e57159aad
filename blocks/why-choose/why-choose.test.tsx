import { screen, within } from '@testing-library/react';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { describe, expect, it } from 'vitest';
import WhyChoose from './why-choose';
import type { WhyChooseProps } from '../../src/generated/block-props';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const props: WhyChooseProps = {
  heading: 'Why choose Example Outsourcing',
  subheading: 'Fast answers and reports that show what to fix next.',
  image: { src: '/illustrations/why-choose/support.svg', alt: 'A support agent with a headset at a laptop', width: 560, height: 440 },
  points: [{ content: 'Agents ready in four to six weeks.' }, { content: 'Weekly quality reviews.' }],
  cta: { label: "Let's Connect", href: '/contact' },
};

const renderBlock = (p: WhyChooseProps) => renderInSite(<WhyChoose {...p} />, { path: '/customer-support' });

describe('why-choose', () => {
  it('renders the heading, subheading and each point as a checklist item', () => {
    renderBlock(props);
    expect(screen.getByRole('region', { name: props.heading }).getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: props.heading }).id);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(props.heading);
    expect(inReadingOrder(screen.getByRole('heading', { level: 2 }), screen.getByText(props.subheading))).toBe(true);
    const points = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(points.map((li) => li.textContent)).toEqual(['Agents ready in four to six weeks.', 'Weekly quality reviews.']);
    expect(points[0]!.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the described illustration at its intrinsic size', () => {
    renderBlock(props);
    const image = screen.getByRole('img', { name: 'A support agent with a headset at a laptop' });
    expect(image.getAttribute('width')).toBe('560');
    expect(image.getAttribute('height')).toBe('440');
  });

  it("links the Let's Connect button to the contact page", () => {
    renderBlock(props);
    expect(screen.getByRole('link', { name: "Let's Connect" }).getAttribute('href')).toBe('/contact');
  });
});
