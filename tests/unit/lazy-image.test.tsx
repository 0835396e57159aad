import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyImage } from '../../src/kit/lazy-image';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
let observed: { callback: Callback; options: IntersectionObserverInit | undefined } | null = null;

class FakeObserver {
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    observed = { callback, options };
  }
  observe() {}
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  observed = null;
});

describe('LazyImage', () => {
  it('shows a sized placeholder until the image is within 100 px of the viewport', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(<LazyImage src="/illustrations/a.svg" alt="A chart" width={400} height={300} />);
    expect(container.querySelector('img:not(noscript img)')).toBeNull();
    expect(screen.getByRole('img', { name: 'A chart' }).getAttribute('style')).toContain('aspect-ratio: 400 / 300');
    expect(observed?.options?.rootMargin).toBe('100px');
    act(() => observed!.callback([{ isIntersecting: true }]));
    const image = screen.getByRole('img', { name: 'A chart' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/illustrations/a.svg');
    expect(image.getAttribute('width')).toBe('400');
  });

  it('loads at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<LazyImage src="/b.svg" alt="B" width={10} height={10} />);
    expect(screen.getByRole('img', { name: 'B' }).tagName).toBe('IMG');
  });
});
