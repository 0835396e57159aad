import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import LifeAt from '../../blocks/life-at/life-at';
import type { LifeAtProps } from '../../src/generated/block-props';

const props: LifeAtProps = {
  heading: 'Life at Example Outsourcing',
  paragraphs: ['Our floors are busy and friendly.', 'Team leaders sit with their agents.'],
  highlights: ['Cab service for night shifts', 'Monthly awards'],
  image: { src: '/illustrations/careers/life-at.svg', alt: 'Colleagues giving a high five at a shared desk', width: 560, height: 440 },
};

describe('life-at', () => {
  it('renders the heading, each paragraph and the highlights as a list', () => {
    render(<LifeAt {...props} />);
    expect(screen.getByRole('region', { name: props.heading })).toBeTruthy();
    expect(screen.getByText('Our floors are busy and friendly.').tagName).toBe('P');
    expect(screen.getByText('Team leaders sit with their agents.').tagName).toBe('P');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Cab service for night shifts', 'Monthly awards']);
    expect(items[0]!.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the described illustration at its intrinsic size', () => {
    render(<LifeAt {...props} />);
    const image = screen.getByRole('img', { name: props.image.alt });
    expect(image.getAttribute('width')).toBe('560');
    expect(image.getAttribute('height')).toBe('440');
  });

  it('leaves the highlights list out when there are none', () => {
    render(<LifeAt {...props} highlights={undefined} />);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders a lazy placeholder of the image size on the server', () => {
    const html = renderToString(<LifeAt {...props} />);
    expect(html).toContain('aspect-ratio:560 / 440');
    expect(html).toContain(props.image.alt);
  });
});
