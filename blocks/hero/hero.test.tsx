import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Hero from './hero';
import type { HeroProps } from '../../src/generated/block-props';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { withDefaults, type AuthoredProps } from '../../tests/unit/fixtures/with-defaults';
import schema from '../../schemas/blocks/hero.schema.json';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const props = withDefaults('hero', schema.examples[0] as unknown as AuthoredProps<HeroProps>);

describe('hero', () => {
  it('is the page’s h1 with its text and call to action', () => {
    renderInSite(<Hero {...props} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(props.heading);
    expect(inReadingOrder(screen.getByRole('heading', { level: 1 }), screen.getByText(props.text))).toBe(true);
    expect(screen.getByRole('link', { name: props.cta.label }).getAttribute('href')).toBe(props.cta.href);
  });

  it('loads its picture with the page, at its own size, described', () => {
    if (!props.image) throw new Error('the schema example has a picture');
    renderInSite(<Hero {...props} />);
    const image = screen.getByRole('img', { name: props.image.alt });
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual([String(props.image.width), String(props.image.height)]);
  });
});
