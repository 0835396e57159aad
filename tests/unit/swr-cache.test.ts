// @vitest-environment node
/** The response cache's rules, on a clock the test moves. */
import { describe, expect, it } from 'vitest';
import { SwrCache, type Loaded } from '../../server/cache/swr-cache.ts';

function setup(maxBytes = 1000) {
  let now = 0;
  const refreshErrors: string[] = [];
  const cache = new SwrCache<string>({ maxBytes, retryAfterErrorMs: 50, onRefreshError: (key) => refreshErrors.push(key), now: () => now });
  return { cache, refreshErrors, advance: (ms: number) => (now += ms) };
}

const value = (v: string, bytes = 10, freshMs = 100, staleMs = 1000): Loaded<string> => ({ value: v, bytes, freshMs, staleMs });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SwrCache', () => {
  it('loads on a miss, then answers from memory while fresh', async () => {
    const { cache } = setup();
    let loads = 0;
    const load = async () => value(`v${++loads}`);
    expect(await cache.get('a', load)).toMatchObject({ value: 'v1', state: 'loaded' });
    expect(await cache.get('a', load)).toMatchObject({ value: 'v1', state: 'fresh' });
    expect(loads).toBe(1);
  });

  it('shares one load among concurrent misses', async () => {
    const { cache } = setup();
    let loads = 0;
    const load = async () => {
      loads++;
      await flush();
      return value('shared');
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get('a', load)));
    expect(answers.every((a) => a.value === 'shared')).toBe(true);
    expect(loads).toBe(1);
  });

  it('serves a stale value at once and refreshes it once in the background', async () => {
    const { cache, advance } = setup();
    let loads = 0;
    const load = async () => value(`v${++loads}`);
    await cache.get('a', load);
    advance(150);
    const [first, second] = await Promise.all([cache.get('a', load), cache.get('a', load)]);
    expect([first.state, first.value, second.value]).toEqual(['stale', 'v1', 'v1']);
    await flush();
    expect(loads).toBe(2);
    expect(await cache.get('a', load)).toMatchObject({ value: 'v2', state: 'fresh' });
  });

  it('keeps the last good value while the source fails, waits before trying again, and gives up after the stale window', async () => {
    const { cache, advance, refreshErrors } = setup();
    let failing = false;
    let loads = 0;
    const load = async () => {
      loads++;
      if (failing) throw new Error('down');
      return value('good');
    };
    await cache.get('a', load);
    failing = true;
    advance(150);
    expect((await cache.get('a', load)).value).toBe('good');
    await flush();
    expect(refreshErrors).toEqual(['a']);
    const before = loads;
    expect((await cache.get('a', load)).value).toBe('good');
    expect(loads).toBe(before); // within the pause after a failure
    advance(1000);
    await expect(cache.get('a', load)).rejects.toThrow('down');
  });

  it('with revalidate, asks the source first when stale and falls back to the stale value when it fails', async () => {
    const { cache, advance } = setup();
    let next: string | Error = 'v1';
    const load = async () => {
      if (next instanceof Error) throw next;
      return value(next);
    };
    await cache.get('a', load);
    advance(150);
    next = 'v2';
    expect(await cache.get('a', load, { revalidate: true })).toMatchObject({ value: 'v2', state: 'loaded' });
    advance(150);
    next = new Error('down');
    expect(await cache.get('a', load, { revalidate: true })).toMatchObject({ value: 'v2', state: 'stale' });
  });

  it('stays within its byte bound, dropping the least recently used first', async () => {
    const { cache } = setup(25);
    await cache.get('a', async () => value('A'));
    await cache.get('b', async () => value('B'));
    await cache.get('a', async () => value('A again')); // a is now the most recently used
    await cache.get('c', async () => value('C'));
    expect(cache.size).toEqual({ entries: 2, bytes: 20 });
    expect((await cache.get('a', async () => value('A reloaded'))).value).toBe('A');
    expect((await cache.get('b', async () => value('B reloaded'))).value).toBe('B reloaded');
    // Larger than the whole cache: served, not kept.
    expect((await cache.get('huge', async () => value('H', 100))).value).toBe('H');
    expect(cache.size.bytes).toBeLessThanOrEqual(25);
  });
});
