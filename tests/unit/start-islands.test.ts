/** The island runtime's schedule: an island hydrates by its mode, or at once when the visitor touches or focuses it first; never twice. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const hydrateIsland = vi.fn(async (root: HTMLElement) => root.setAttribute('data-hydrated', ''));
vi.mock('../../src/render/hydrate-island', () => ({ hydrateIsland }));

/** An IntersectionObserver that reports nothing until the test says an element came near. */
class ManualObserver {
  static instances: ManualObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly report: IntersectionObserverCallback) {
    ManualObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  bringNear(target: Element) {
    if (this.observed.has(target)) this.report([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', ManualObserver);
  document.body.innerHTML = '<div data-block="faq" data-island="visible" id="faq"><button type="button">Question</button></div><div data-block="legal-text" id="terms"><p>Terms</p></div>';
});
afterEach(() => {
  vi.unstubAllGlobals();
  hydrateIsland.mockClear();
  ManualObserver.instances = [];
});

describe('startIslands', () => {
  it('hydrates a visible island only once it comes near, and a static block never', async () => {
    const { startIslands } = await import('../../src/render/start-islands');
    await startIslands(document);
    const island = document.getElementById('faq')!;
    expect(hydrateIsland).not.toHaveBeenCalled();
    ManualObserver.instances[0]!.bringNear(island);
    await settle();
    expect(hydrateIsland.mock.calls.map(([root]) => root.id)).toEqual(['faq']);
  });

  it('hydrates an island at once when focus or a touch reaches it before it came near, and only once', async () => {
    const { startIslands } = await import('../../src/render/start-islands');
    await startIslands(document);
    const island = document.getElementById('faq')!;
    island.querySelector('button')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await settle();
    expect(hydrateIsland.mock.calls.map(([root]) => root.id)).toEqual(['faq']);
    island.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    ManualObserver.instances[0]!.bringNear(island);
    await settle();
    expect(hydrateIsland.mock.calls.map(([root]) => root.id)).toEqual(['faq']);
    expect(ManualObserver.instances[0]!.observed.has(island)).toBe(false);
  });
});
