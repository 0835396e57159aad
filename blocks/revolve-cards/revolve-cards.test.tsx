import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardSection } from '../../tests/unit/fixtures/card-section';
import RevolveCards from './revolve-cards';
import type { RevolveCardsProps } from '../../src/generated/block-props';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

const items: RevolveCardsProps['items'] = [
  { icon: 'headset', title: 'Omnichannel help desk', text: 'One team for phone, e-mail and chat.' },
  { icon: 'clock', title: '24/7 cover', text: 'Follow-the-sun shifts.' },
  { icon: 'bot', title: 'AI-assisted triage', text: 'Requests routed in seconds.' },
];

describe('revolve-cards', () => {
  it('names the section by its h2 and renders one card per item with an h3 and its text', () => {
    render(<RevolveCards heading="Customer support that keeps its promises" items={items} />);
    const { cards, titles } = cardSection('Customer support that keeps its promises');
    expect(titles).toEqual(['Omnichannel help desk', '24/7 cover', 'AI-assisted triage']);
    expect(within(cards[1]!).getByText('Follow-the-sun shifts.').tagName).toBe('P');
  });

  it('draws each named icon as decoration, hidden from assistive technology', () => {
    render(<RevolveCards heading="Services" items={items} />);
    const svgs = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((card) => card.querySelector('svg')!);
    expect(svgs.map((svg) => svg.getAttribute('aria-hidden'))).toEqual(['true', 'true', 'true']);
    expect(svgs[0]!.getAttribute('class')).toContain('lucide-headset');
    expect(svgs[2]!.getAttribute('class')).toContain('lucide-bot');
  });

  it('shows the eyebrow and intro only when given', () => {
    const { unmount } = render(<RevolveCards heading="Services" items={items} />);
    expect(screen.queryByText('What we offer')).toBeNull();
    unmount();
    render(<RevolveCards eyebrow="What we offer" heading="Services" intro="Dedicated agents on your product." items={items} />);
    // The eyebrow above the heading, the intro under it.
    expect(inReadingOrder(screen.getByText('What we offer'), screen.getByRole('heading', { level: 2 }), screen.getByText('Dedicated agents on your product.'))).toBe(true);
  });
});
