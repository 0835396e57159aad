import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Counters, { formatCounter } from './counters';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';

const home = withDefaults('counters', {
  heading: 'Trusted at global scale',
  items: [
    { value: 100, suffix: '+', label: 'client partners globally', duration: 3 },
    { value: 500, suffix: 'k', label: 'customer interactions daily', duration: 2 },
    { value: 1000, label: 'domain experts' },
    { value: 98, suffix: '%', label: 'average QA score' },
  ],
});
const finals = ['100+', '500k', '1,000', '98%'];

/** A controllable IntersectionObserver: tests decide when the row scrolls into view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  enter() {
    const entries = this.observed.map((target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })),
  );
}

const animatedTexts = (container: HTMLElement) => [...container.querySelectorAll('[data-counter]')].map((el) => el.textContent);
const phase = (container: HTMLElement) => container.querySelector('ul')?.getAttribute('data-counting');

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  mockReducedMotion(false);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('counters', () => {
  it('formats numbers with prefix, suffix, separator and decimals', () => {
    expect(formatCounter(1000, { separator: ',' })).toBe('1,000');
    expect(formatCounter(1000, { separator: '' })).toBe('1000');
    expect(formatCounter(1234567, { separator: '.' })).toBe('1.234.567');
    expect(formatCounter(500, { suffix: 'k', separator: ',' })).toBe('500k');
    expect(formatCounter(4.5, { prefix: '$', decimals: 1, separator: ',' })).toBe('$4.5');
  });

  it('puts the final values in the server-rendered HTML', () => {
    const html = renderToString(<Counters {...home} />);
    for (const text of finals) expect(html).toContain(`>${text}<`);
    expect(html).toContain('data-counting="waiting"');
    expect(html).toContain('client partners globally');
  });

  it('keeps the final values after mount until the row is in view', () => {
    const { container } = render(<Counters {...home} />);
    expect(animatedTexts(container)).toEqual(finals);
    expect(FakeObserver.instances).toHaveLength(1);
  });

  it('gives screen readers the final value once and hides the moving digits', () => {
    const { container } = render(<Counters {...home} />);
    const hiddenCopies = [...container.querySelectorAll('.visually-hidden')].map((el) => el.textContent);
    expect(hiddenCopies).toEqual(finals);
    const moving = container.querySelectorAll('[data-counter]');
    expect(moving).toHaveLength(finals.length);
    for (const el of moving) expect(el.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('counts up from 0 once the row scrolls into view, then stops observing', async () => {
    const { container } = render(<Counters {...withDefaults('counters', { items: [{ value: 120, suffix: '+', label: 'projects delivered', duration: 0.05 }] })} />);
    const observer = FakeObserver.instances[0]!;
    expect(animatedTexts(container)).toEqual(['120+']);
    expect(phase(container)).toBe('watching');
    observer.enter();
    expect(animatedTexts(container)).toEqual(['0+']);
    expect(phase(container)).toBe('running');
    expect(observer.disconnected).toBe(true);
    await waitFor(() => expect(phase(container)).toBe('done'));
    expect(animatedTexts(container)).toEqual(['120+']);
  });

  it('behaves the same under StrictMode (effects run twice in development)', async () => {
    const { container } = render(
      <StrictMode>
        <Counters {...withDefaults('counters', { items: [{ value: 75, suffix: '%', label: 'first-contact resolution', duration: 0.05 }] })} />
      </StrictMode>,
    );
    expect(animatedTexts(container)).toEqual(['75%']);
    FakeObserver.instances.at(-1)!.enter();
    expect(animatedTexts(container)).toEqual(['0%']);
    await waitFor(() => expect(animatedTexts(container)).toEqual(['75%']));
  });

  it('does not animate for visitors who prefer reduced motion', () => {
    mockReducedMotion(true);
    const { container } = render(<Counters {...home} />);
    expect(FakeObserver.instances).toHaveLength(0);
    expect(animatedTexts(container)).toEqual(finals);
    expect(phase(container)).toBe('still');
  });

  it('keeps the final values when IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = render(<Counters {...home} />);
    expect(animatedTexts(container)).toEqual(finals);
    expect(phase(container)).toBe('still');
  });

  it('renders the optional heading as an h2 and never an h1', () => {
    render(<Counters {...home} />);
    expect(screen.getByRole('heading', { name: 'Trusted at global scale' }).tagName).toBe('H2');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
