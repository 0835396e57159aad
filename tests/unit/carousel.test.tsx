import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { breakpointVars, Carousel, markHiddenSlidesInert, sliderSettings, slidesToShowAt, type CarouselConfig } from '../../src/kit/carousel';

const config: CarouselConfig = { slidesToShow: 2, responsive: [{ breakpoint: 600, slidesToShow: 1 }], dots: true };

function Example() {
  return (
    <Carousel label="Client stories" prevLabel="Previous stories" nextLabel="Next stories" config={config}>
      {[1, 2, 3, 4, 5].map((n) => (
        <p key={n}>
          <a href={`/story-${n}`}>{`Story ${n}`}</a>
        </p>
      ))}
    </Carousel>
  );
}

/** A matchMedia that answers from a fixed viewport width and motion preference. */
function fakeMatchMedia(width: number, reducedMotion = false) {
  return (query: string): MediaQueryList => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : query.includes('prefers-reduced-motion') && reducedMotion;
    return { matches, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false };
  };
}

const hiddenSlides = (root: ParentNode) => [...root.querySelectorAll('.slick-slide[aria-hidden="true"]')];
const visibleSlides = (root: ParentNode) => [...root.querySelectorAll('.slick-slide[aria-hidden="false"]')];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('carousel settings', () => {
  it('resolves breakpoints like react-slick: a breakpoint applies up to and including its width', () => {
    expect([1280, 601, 600, 390].map((width) => slidesToShowAt(config, width))).toEqual([2, 2, 1, 1]);
  });

  it('hands slick no autoplay, no arrows of its own, speed 500, and speed 0 for reduced motion', () => {
    const settings = sliderSettings(config, { slidesToShow: 2, reducedMotion: false });
    expect(settings).toMatchObject({ slidesToShow: 2, slidesToScroll: 1, infinite: true, dots: true, speed: 500, autoplay: false, arrows: false });
    expect(sliderSettings(config, { slidesToShow: 1, reducedMotion: true }).speed).toBe(0);
  });

  it('sizes the pre-mount row for every site breakpoint', () => {
    expect(breakpointVars(config)).toEqual({
      '--carousel-show-base': '2',
      '--carousel-show-1200': '2',
      '--carousel-show-991': '2',
      '--carousel-show-767': '2',
      '--carousel-show-650': '2',
      '--carousel-show-600': '1',
    });
  });
});

describe('markHiddenSlidesInert', () => {
  it('makes aria-hidden slides inert and frees visible ones', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <div class="slick-slide slick-cloned" aria-hidden="true"><a href="/a">A</a></div>
      <div class="slick-slide" aria-hidden="false" inert=""><a href="/b">B</a></div>
      <div class="slick-slide" aria-hidden="true"><button>C</button></div>
      <div class="not-a-slide" aria-hidden="true"></div>`;
    markHiddenSlidesInert(root);
    const [a, b, c] = [...root.querySelectorAll('.slick-slide')];
    expect(a!.hasAttribute('inert')).toBe(true);
    expect(b!.hasAttribute('inert')).toBe(false);
    expect(c!.hasAttribute('inert')).toBe(true);
    expect(root.querySelector('.not-a-slide')!.hasAttribute('inert')).toBe(false);

    c!.setAttribute('aria-hidden', 'false');
    b!.setAttribute('aria-hidden', 'true');
    markHiddenSlidesInert(root);
    expect(b!.hasAttribute('inert')).toBe(true);
    expect(c!.hasAttribute('inert')).toBe(false);
  });
});

describe('Carousel', () => {
  it('is a labelled carousel region with labelled arrow buttons and dots', () => {
    render(<Example />);
    const region = screen.getByRole('region', { name: 'Client stories' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const prev = within(region).getByRole('button', { name: 'Previous stories' });
    const next = within(region).getByRole('button', { name: 'Next stories' });
    expect(prev.getAttribute('type')).toBe('button');
    expect((next as HTMLButtonElement).disabled).toBe(false);
    const dots = within(region).getAllByRole('button', { name: /^Show slide \d of 5$/ });
    expect(dots).toHaveLength(5);
    expect(dots[0]!.closest('ul')).not.toBeNull();
    expect(dots[0]!.getAttribute('aria-current')).toBe('true');
  });

  it('keeps every hidden or cloned slide inert, also after moving', async () => {
    const { container } = render(<Example />);
    expect(container.querySelectorAll('.slick-cloned').length).toBeGreaterThan(0);
    for (const slide of hiddenSlides(container)) expect(slide.hasAttribute('inert')).toBe(true);
    for (const slide of visibleSlides(container)) expect(slide.hasAttribute('inert')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Next stories' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show slide 2 of 5' }).getAttribute('aria-current')).toBe('true'));
    await waitFor(() => {
      expect(visibleSlides(container).map((s) => s.getAttribute('data-index'))).toEqual(['1', '2']);
      for (const slide of hiddenSlides(container)) expect(slide.hasAttribute('inert')).toBe(true);
      for (const slide of visibleSlides(container)) expect(slide.hasAttribute('inert')).toBe(false);
    });
    // Links a keyboard can reach are only those in visible slides.
    const reachable = [...container.querySelectorAll('a')].filter((a) => !a.closest('[inert]'));
    expect(reachable.map((a) => a.textContent)).toEqual(['Story 2', 'Story 3']);
    // Moving the carousel turns on polite announcements.
    expect(screen.getByRole('region').getAttribute('aria-live')).toBe('polite');
  });

  it('applies the narrow breakpoint after mount', () => {
    vi.stubGlobal('matchMedia', fakeMatchMedia(390));
    const { container } = render(<Example />);
    expect(visibleSlides(container)).toHaveLength(1);
  });

  it('server HTML is a plain row (no slick, no clones) with disabled controls, and hydrates without mismatch', async () => {
    const html = renderToString(<Example />);
    expect(html).not.toContain('slick-slide');
    expect(html).not.toContain('slick-cloned');
    expect(html).toContain('data-carousel-ready="false"');
    expect(html.match(/Story \d/g)).toEqual(['Story 1', 'Story 2', 'Story 3', 'Story 4', 'Story 5']);

    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    expect((within(host).getByRole('button', { name: 'Next stories' }) as HTMLButtonElement).disabled).toBe(true);
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(host, <Example />, { onRecoverableError: (error) => errors.push(error) });
    });
    spy.mockRestore();
    expect(errors).toEqual([]);
    expect(host.querySelector('[data-carousel-ready="true"] .slick-slider')).not.toBeNull();
    expect((within(host).getByRole('button', { name: 'Next stories' }) as HTMLButtonElement).disabled).toBe(false);
    act(() => root!.unmount());
    host.remove();
  });
});
