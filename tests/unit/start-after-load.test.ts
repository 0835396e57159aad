import { describe, expect, it, vi } from 'vitest';
import { startAfterLoad } from '../../src/app/start-after-load';

/** A window whose load, frames and timers the test drives by hand. */
function fakeWindow(readyState: DocumentReadyState, reportsPaints = false) {
  const target = new EventTarget();
  const paintObservers: Array<(list: { getEntriesByName(name: string): unknown[] }) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
    observe() {
      paintObservers.push(this.callback);
    }
    disconnect() {
      paintObservers.splice(paintObservers.indexOf(this.callback), 1);
    }
  }
  const paint = (name: string) => [...paintObservers].forEach((o) => o({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const win = Object.assign(target, {
    document: { readyState },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
    ...(reportsPaints ? { PerformanceObserver: FakeObserver } : {}),
  });
  /** One frame: the callbacks waiting for it, then the timers set so far. */
  const frame = () => {
    frames.splice(0).forEach((f) => f());
    timers.splice(0).forEach((t) => t());
  };
  const flush = () => {
    for (let i = 0; i < 3; i++) frame();
  };
  return { win: win as unknown as Window, frame, flush, paint };
}

describe('startAfterLoad', () => {
  it('waits for the load event and then for the next frame to be drawn', () => {
    const { win, frame, flush } = fakeWindow('interactive');
    const start = vi.fn();
    startAfterLoad(start, win);
    flush();
    expect(start).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    frame();
    expect(start).not.toHaveBeenCalled();
    frame();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the next frame when the page has loaded already', () => {
    const { win, flush } = fakeWindow('complete');
    const start = vi.fn();
    startAfterLoad(start, win);
    expect(start).not.toHaveBeenCalled();
    flush();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the first contentful paint where the browser reports paints', () => {
    const { win, flush, paint } = fakeWindow('complete', true);
    const start = vi.fn();
    startAfterLoad(start, win);
    flush();
    paint('first-paint');
    flush();
    expect(start).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    flush();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'touchstart', 'keydown'])('starts at once on %s before the load, and only once', (type) => {
    const { win, flush } = fakeWindow('loading');
    const start = vi.fn();
    startAfterLoad(start, win);
    win.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('keydown'));
    win.dispatchEvent(new Event('load'));
    flush();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
