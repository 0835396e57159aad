/**
 * The server's blog API calls, through the response cache: a `fetch` for GET requests that answers from
 * memory while fresh, asks the API again once stale (the pages built from it are cached and refreshed in the
 * background themselves), keeps the last good answer while the API fails (up to `staleMs`), and remembers a
 * 404 briefly so typos cannot hammer the API. Any other failure
 * (network, timeout, HTTP 5xx) is thrown when there is no cached answer, as fetch would.
 */
import { SwrCache } from './swr-cache.ts';

/** A failed answer is passed on as it came, but never stored. */
class FailedAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}`);
  }
}

interface StoredAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface CachedFetchOptions {
  cache: SwrCache<StoredAnswer>;
  freshMs: number;
  staleMs: number;
  notFoundMs: number;
  timeoutMs: number;
  /** Where the answers come from: the network, or the embedded API in-process. */
  fetch?: typeof fetch;
}

export type { StoredAnswer };

export function createCachedFetch(options: CachedFetchOptions): typeof fetch {
  const fetchAnswer = options.fetch ?? fetch;
  const load = async (url: string) => {
    const response = await fetchAnswer(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
    const body = await response.text();
    if (!response.ok && response.status !== 404) throw new FailedAnswer(response.status, body);
    const value: StoredAnswer = { status: response.status, contentType: response.headers.get('content-type') ?? 'application/json', body };
    const missing = response.status === 404;
    return { value, bytes: body.length * 2 + url.length * 2, freshMs: missing ? options.notFoundMs : options.freshMs, staleMs: missing ? 0 : options.staleMs };
  };

  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return fetchAnswer(input, init);
    const answer = options.cache.get(url, () => load(url), { revalidate: true });
    // The caller's own timeout still applies while a shared load is under way.
    const signal = init?.signal;
    try {
      const { value } = await (signal ? Promise.race([answer, abortOf(signal)]) : answer);
      return new Response(value.body, { status: value.status, headers: { 'Content-Type': value.contentType } });
    } catch (error) {
      if (error instanceof FailedAnswer) return new Response(error.body, { status: error.status });
      throw error;
    }
  };
}

function abortOf(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
