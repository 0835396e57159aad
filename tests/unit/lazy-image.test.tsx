import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyImage } from '../../src/kit/lazy-image';

type Callback = (entries: Array<{ isIntersecting: boolean; target: Element }>) => void;
const created: FakeObserver[] = [];

class FakeObserver {
  readonly targets = new Set<Element>();
  constructor(
    readonly callback: Callback,
    readonly options?: IntersectionObserverInit,
  ) {
    created.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  created.length = 0;
});

describe('LazyImage', () => {
  it('shows a sized placeholder until the image is within 100 px of the viewport; all images share one observer', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(
      <>
        <LazyImage src="/illustrations/a.svg" alt="A chart" width={400} height={300} />
        <LazyImage src="/illustrations/b.svg" alt="B chart" width={400} height={300} />
      </>,
    );
    expect(container.querySelector('img:not(noscript img)')).toBeNull();
    expect(screen.getByRole('img', { name: 'A chart' }).getAttribute('style')).toContain('aspect-ratio: 400 / 300');
    expect(created).toHaveLength(1);
    const observer = created[0]!;
    expect(observer.options?.rootMargin).toBe('100px');
    expect(observer.targets.size).toBe(2);
    const first = screen.getByRole('img', { name: 'A chart' });
    act(() => observer.callback([{ isIntersecting: true, target: first }]));
    const image = screen.getByRole('img', { name: 'A chart' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/illustrations/a.svg');
    expect(image.getAttribute('width')).toBe('400');
    expect(screen.getByRole('img', { name: 'B chart' }).tagName).toBe('SPAN');
    expect(observer.targets.size).toBe(1);
  });

  it('loads at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<LazyImage src="/b.svg" alt="B" width={10} height={10} />);
    expect(screen.getByRole('img', { name: 'B' }).tagName).toBe('IMG');
  });
});
