import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ClosingBanner from './closing-banner';
import type { ClosingBannerProps } from '../../src/generated/block-props';
import { renderInSite } from '../../tests/unit/fixtures/render-in-site';
import { withDefaults, type AuthoredProps } from '../../tests/unit/fixtures/with-defaults';
import schema from '../../schemas/blocks/closing-banner.schema.json';

const props = withDefaults('closing-banner', schema.examples[0] as unknown as AuthoredProps<ClosingBannerProps>);

describe('closing-banner', () => {
  it('shows its heading as an h2, its text and its call to action as a link', () => {
    renderInSite(<ClosingBanner {...props} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(props.heading);
    expect(screen.getByText(props.text!).tagName).toBe('P');
    expect(screen.getByRole('link', { name: props.cta.label }).getAttribute('href')).toBe(props.cta.href);
  });

  it('is a region named by its heading, read as heading, text, then the call to action', () => {
    renderInSite(<ClosingBanner {...props} />);
    const region = screen.getByRole('region', { name: props.heading });
    const order = [screen.getByRole('heading', { level: 2 }), screen.getByText(props.text!), screen.getByRole('link', { name: props.cta.label })];
    order.forEach((element) => expect(region.contains(element)).toBe(true));
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('leaves out the text paragraph when there is none', () => {
    const { container } = renderInSite(<ClosingBanner {...props} text={undefined} />);
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });
});
