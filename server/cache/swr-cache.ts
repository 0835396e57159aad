/**
 * An in-memory cache bounded by bytes (least recently used goes first) with the freshness rules of HTTP:
 * fresh for a while; then stale-while-revalidate (the cached value is served while one background refresh
 * per key runs) and stale-if-error (a failed refresh keeps the last good value until its stale window
 * ends). Concurrent misses of one key share one load, so a cold or expired key never stampedes its source.
 */

export interface Loaded<T> {
  value: T;
  /** What the value costs in memory, for the bound. */
  bytes: number;
  freshMs: number;
  /** How long after its freshness the value may still be served while it is refreshed or its source fails. */
  staleMs: number;
}

export interface Cached<T> {
  value: T;
  /** When the value was loaded (ms since the epoch). */
  storedAt: number;
  state: 'fresh' | 'stale' | 'loaded';
}

interface Entry<T> {
  value: T;
  bytes: number;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
  /** After a failed refresh, the next one waits until then, so a failing source is not hit on every request. */
  retryAt: number;
}

export interface SwrCacheOptions {
  maxBytes: number;
  /** How long to wait before refreshing again after a background refresh failed. */
  retryAfterErrorMs?: number;
  /** Told about failed background refreshes (a stale value was served instead). */
  onRefreshError?: (key: string, error: unknown) => void;
  now?: () => number;
}

export class SwrCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loading = new Map<string, Promise<Entry<T>>>();
  private bytes = 0;

  constructor(private readonly options: SwrCacheOptions) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The cached value; `load` runs on a miss and its error is thrown. A stale value is refreshed in the
   * background, or, with `revalidate`, refreshed first and served only if that fails (stale-if-error).
   */
  async get(key: string, load: () => Promise<Loaded<T>>, { revalidate = false } = {}): Promise<Cached<T>> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now < entry.staleUntil) {
      this.touch(key, entry);
      if (now < entry.freshUntil) return { value: entry.value, storedAt: entry.storedAt, state: 'fresh' };
      if (now >= entry.retryAt) {
        if (!revalidate) this.refreshInBackground(key, load, entry);
        else {
          try {
            const loaded = await this.load(key, load);
            return { value: loaded.value, storedAt: loaded.storedAt, state: 'loaded' };
          } catch (error) {
            this.refreshFailed(key, entry, error);
          }
        }
      }
      return { value: entry.value, storedAt: entry.storedAt, state: 'stale' };
    }
    if (entry) this.remove(key, entry);
    const loaded = await this.load(key, load);
    return { value: loaded.value, storedAt: loaded.storedAt, state: 'loaded' };
  }

  private refreshInBackground(key: string, load: () => Promise<Loaded<T>>, stale: Entry<T>): void {
    this.load(key, load).catch((error: unknown) => this.refreshFailed(key, stale, error));
  }

  private refreshFailed(key: string, stale: Entry<T>, error: unknown): void {
    stale.retryAt = this.now() + (this.options.retryAfterErrorMs ?? 5000);
    this.options.onRefreshError?.(key, error);
  }

  private load(key: string, load: () => Promise<Loaded<T>>): Promise<Entry<T>> {
    const running = this.loading.get(key);
    if (running) return running;
    const started = load().then((loaded) => this.store(key, loaded));
    const tracked = started.finally(() => this.loading.delete(key));
    this.loading.set(key, tracked);
    return tracked;
  }

  private store(key: string, loaded: Loaded<T>): Entry<T> {
    const storedAt = this.now();
    const entry: Entry<T> = {
      value: loaded.value,
      bytes: loaded.bytes,
      storedAt,
      freshUntil: storedAt + loaded.freshMs,
      staleUntil: storedAt + loaded.freshMs + loaded.staleMs,
      retryAt: 0,
    };
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    // A value larger than the whole cache is served but not kept.
    if (entry.bytes > this.options.maxBytes) return entry;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldKey, old);
    }
    return entry;
  }

  /** Map keeps insertion order: re-inserting marks the key as the most recently used. */
  private touch(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private remove(key: string, entry: Entry<T>): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
