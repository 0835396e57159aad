/** The island runtime's schedule: an island hydrates by its mode, or at once when the visitor touches or focuses it first; never twice. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const hydrateIsland = vi.fn(async (root: HTMLElement) => root.setAttribute('data-hydrated', ''));
vi.mock('../../src/render/hydrate-island', () => ({ hydrateIsland }));

/** An IntersectionObserver that reports nothing until the test says an element came near. */
class ManualObserver {
  static instances: ManualObserver[] = [];
  readonly observed = new Set<Element>();
  readonly rootMargin: string;
  constructor(
    private readonly report: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.rootMargin = options?.rootMargin ?? '0px';
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

  it('looks only at the screen until the visitor scrolls, then ahead of them, for the islands still waiting', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div data-block="counters" data-island="visible" id="counters"></div>');
    const { startIslands, VISIBLE_MARGIN } = await import('../../src/render/start-islands');
    await startIslands(document);
    const onScreen = ManualObserver.instances.at(-1)!;
    expect(onScreen.rootMargin).toBe('0px');
    onScreen.bringNear(document.getElementById('faq')!);
    await settle();
    document.dispatchEvent(new Event('scroll'));
    const ahead = ManualObserver.instances.at(-1)!;
    expect(ahead).not.toBe(onScreen);
    expect(ahead.rootMargin).toBe(VISIBLE_MARGIN);
    expect(onScreen.observed.size).toBe(0);
    expect([...ahead.observed].map((root) => (root as HTMLElement).id)).toEqual(['counters']);
    ahead.bringNear(document.getElementById('counters')!);
    await settle();
    expect(hydrateIsland.mock.calls.map(([root]) => root.id)).toEqual(['faq', 'counters']);
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

describe('startIslands, an `interaction` island', () => {
  const formIsland = () => {
    document.body.innerHTML = '<div data-block="contact-form" data-island="interaction" id="enquiry"><form><input name="email" /><button type="submit">Send</button></form></div>';
    return document.getElementById('enquiry')!;
  };

  it('never hydrates for coming near, nor at start; the first input inside it hydrates it', async () => {
    const island = formIsland();
    const { startIslands } = await import('../../src/render/start-islands');
    await startIslands(document);
    expect(ManualObserver.instances[0]!.observed.has(island)).toBe(false);
    ManualObserver.instances[0]!.bringNear(island);
    await settle();
    expect(hydrateIsland).not.toHaveBeenCalled();
    island.querySelector('input')!.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    expect(hydrateIsland.mock.calls.map(([root]) => root.id)).toEqual(['enquiry']);
  });

  it('holds a submit made before it hydrated, and makes it again once hydrated, so the form’s own handler gets it', async () => {
    const island = formIsland();
    const form = island.querySelector('form')!;
    const seen: Array<{ hydrated: boolean; prevented: boolean }> = [];
    // The form's own handler stands last: it sees when the submit reaches it.
    form.addEventListener('submit', (event) => {
      seen.push({ hydrated: island.hasAttribute('data-hydrated'), prevented: event.defaultPrevented });
      event.preventDefault();
    });
    const { startIslands } = await import('../../src/render/start-islands');
    await startIslands(document);
    island.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    form.requestSubmit(island.querySelector('button'));
    await settle();
    await settle();
    // Held from the form's handler until hydrated, then made again once: the handler sees it then, and only then.
    expect(seen).toEqual([{ hydrated: true, prevented: false }]);
  });
});
