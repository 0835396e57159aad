/**
 * The two blog calls (paths and answers: contract.ts), with a timeout and tolerant parsing: the real API may
 * send null results, missing fields or numbers where strings belong, and one odd post must not take down the
 * whole list. Every failure is logged as "Error fetching blogs:" and thrown as an ApiError for the UI.
 */
import { apiHost, site, withHost } from '../../model/site';
import { blogApi } from './blog-contract';
import { ApiError, type ArticleBlock, type BlogArticle, type BlogSummary } from './blog-types';

export const FETCH_TIMEOUT_MS = 10_000;

export interface FetchOptions {
  /** The API origin; defaults to VITE_API_HOST / settings.apiHost. Image paths in the answers are joined with it. */
  host?: string;
  /** Reports each failure; by default the console's "Error fetching blogs:". The server reports its own. */
  onError?: (error: ApiError) => void;
  timeoutMs?: number;
  /** The site's id in the API paths; defaults to settings.siteId. */
  siteId?: string;
  /** The fetch to use: the server passes one that answers from its cache (in-process for its embedded API). */
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string field, accepting numbers (ids, years) and falling back when missing. */
function text(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

function endpoint(host: string, path: string): string {
  return `${host.trim().replace(/\/+$/, '')}${path}`;
}

async function getJson(url: string, timeoutMs: number, fetchJson: typeof fetch = fetch): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    let response: Response;
    let body: string;
    try {
      response = await fetchJson(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
      // Read inside the timeout too: a server can stall after the headers.
      body = await response.text();
    } catch (error) {
      if (timedOut) throw new ApiError('timeout', `The blog service did not answer within ${timeoutMs / 1000} seconds.`, { cause: error });
      throw new ApiError('network', 'The blog service could not be reached.', { cause: error });
    }
    if (response.status === 404) throw new ApiError('not-found', 'There is no such article.', { status: 404 });
    if (!response.ok) throw new ApiError('http', `The blog service answered with HTTP ${response.status}.`, { status: response.status });
    try {
      return JSON.parse(body) as unknown;
    } catch (error) {
      throw new ApiError('bad-response', 'The blog service sent an answer that is not JSON.', { status: response.status, cause: error });
    }
  } finally {
    clearTimeout(timer);
  }
}

function toSummary(item: unknown, host: string): BlogSummary | null {
  if (!isObject(item)) return null;
  const slug = text(item.slug).trim();
  // Without a slug a card cannot link anywhere.
  if (!slug) return null;
  const title = text(item.title);
  return {
    id: typeof item.id === 'number' || typeof item.id === 'string' ? item.id : slug,
    slug,
    title,
    date: text(item.date),
    bannerImage: withHost(text(item.banner_image), host),
    metaTitle: text(item.meta_title) || title,
    metaDescription: text(item.meta_description),
  };
}

/** Decodes `content`: a JSON string (or, tolerated, an object already) of section → [{ column, data }]. */
export function parseArticleContent(content: unknown, host: string = apiHost): ArticleBlock[] {
  let decoded: unknown = content;
  if (typeof content === 'string') {
    if (!content.trim()) return [];
    decoded = JSON.parse(content) as unknown; // Throws; the caller decides what a broken body means.
  }
  const sections = Array.isArray(decoded) ? [decoded] : isObject(decoded) ? Object.values(decoded) : [];
  const blocks: ArticleBlock[] = [];
  for (const section of sections) {
    if (!Array.isArray(section)) continue;
    for (const entry of section) {
      if (!isObject(entry)) continue;
      const column = text(entry.column).trim();
      const data = text(entry.data);
      if (!column || !data.trim()) continue;
      blocks.push({ column, data: column === 'image' ? withHost(data, host) : data });
    }
  }
  return blocks;
}

const logToConsole = (error: ApiError) => console.error('Error fetching blogs:', error);

function logged(error: unknown, report: (error: ApiError) => void = logToConsole): ApiError {
  const apiError = error instanceof ApiError ? error : new ApiError('bad-response', 'The blog answer could not be read.', { cause: error });
  report(apiError);
  return apiError;
}

/** GET the list (blogApi.listPath), in the API's order (newest first). A null or empty result is an empty list. */
export async function fetchBlogs(options: FetchOptions = {}): Promise<BlogSummary[]> {
  const host = options.host ?? apiHost;
  try {
    const body = await getJson(endpoint(host, blogApi.listPath(options.siteId ?? site.settings.siteId)), options.timeoutMs ?? FETCH_TIMEOUT_MS, options.fetch);
    if (!isObject(body)) throw new ApiError('bad-response', 'The blog list answer is not an object.');
    const { result } = body;
    if (result === null || result === undefined) return [];
    if (!Array.isArray(result)) throw new ApiError('bad-response', 'The blog list answer has no list of posts.');
    return result.map((item) => toSummary(item, host)).filter((post): post is BlogSummary => post !== null);
  } catch (error) {
    throw logged(error, options.onError);
  }
}

/** GET one article (blogApi.articlePath). An unknown slug (404, or status false without a result) is "not-found". */
export async function fetchBlog(slug: string, options: FetchOptions = {}): Promise<BlogArticle> {
  const host = options.host ?? apiHost;
  // Loaded only with an article, so the sanitiser stays out of every other page's JavaScript; requested with
  // the article rather than after it, so a visitor waits for one round trip, not two.
  const sanitiser = import('./article-html');
  sanitiser.catch(() => undefined); // Unused when the article fails; awaited below, where a failure counts.
  try {
    const body = await getJson(endpoint(host, blogApi.articlePath(options.siteId ?? site.settings.siteId, slug)), options.timeoutMs ?? FETCH_TIMEOUT_MS, options.fetch);
    if (!isObject(body)) throw new ApiError('bad-response', 'The article answer is not an object.');
    const { result } = body;
    if (!isObject(result)) {
      if (body.status === false || result === null || result === undefined) throw new ApiError('not-found', 'There is no such article.');
      throw new ApiError('bad-response', 'The article answer has no article.');
    }
    let blocks: ArticleBlock[] = [];
    try {
      blocks = parseArticleContent(result.content, host);
    } catch (error) {
      // The title, banner and date are still worth showing; the broken body is logged, not hidden.
      logged(new ApiError('bad-response', `The body of the article "${slug}" is not valid JSON.`, { cause: error }), options.onError);
    }
    if (blocks.some((b) => b.column === 'description')) {
      const { sanitizeArticleHtml } = await sanitiser;
      blocks = blocks.map((b) => (b.column === 'description' ? { ...b, data: sanitizeArticleHtml(b.data, host) } : b));
    }
    const title = text(result.title);
    return {
      slug: text(result.slug) || slug,
      title,
      subtitle: text(result.subtitle),
      date: text(result.date),
      bannerImage: withHost(text(result.banner_image), host),
      metaTitle: text(result.meta_title) || title,
      blocks,
    };
  } catch (error) {
    throw logged(error, options.onError);
  }
}
