/**
 * The blog data for blocks, through swr: one cached list (key "blogs") shared by the grid, the sliders and the
 * article's previous/next links, and one entry per article (key ["blog", slug]).
 *
 * The states are derived from data and error alone, so the server render (swr never fetches there) and the
 * first client render agree. Without route data both are "loading"; with it (a page the server rendered with its
 * answers, src/kit/route-data.tsx) both show the answers, and they are not fetched again on mount. `error` is
 * set only when there is nothing to show; while a retry runs the hook reports loading again.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import { useRouteData } from '../../kit/route-data';
import { fetchBlog, fetchBlogs } from './blog-client';
import { ApiError, type BlogArticle, type BlogSummary } from './blog-types';

const options: SWRConfiguration = {
  revalidateOnFocus: false,
  // A missing article stays missing; other failures get swr's few automatic retries before the Retry button.
  shouldRetryOnError: (error: Error) => !(error instanceof ApiError && error.kind === 'not-found'),
  errorRetryCount: 2,
};

/** Where the server puts each answer in the route data. */
export const routeDataKeys = { blogs: 'blogs', blog: (slug: string) => `blog:${slug}` };

/** Start from the server's answer when the page came with one, without fetching it again at once. */
function withInitial<T>(initial: T | undefined): SWRConfiguration {
  return initial === undefined ? options : { ...options, fallbackData: initial, revalidateOnMount: false };
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('network', 'The blog service could not be reached.', { cause: error });
}

function states<T>(data: T | undefined, error: unknown, isValidating: boolean) {
  const isLoading = data === undefined && (error === undefined || isValidating);
  return { isLoading, error: data === undefined && !isLoading && error !== undefined ? asApiError(error) : undefined };
}

export interface UseBlogsResult {
  posts: BlogSummary[] | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  retry: () => void;
}

export function useBlogs(): UseBlogsResult {
  const initial = useRouteData()[routeDataKeys.blogs] as BlogSummary[] | undefined;
  const { data, error, isValidating, mutate } = useSWR<BlogSummary[]>('blogs', () => fetchBlogs(), withInitial(initial));
  return { posts: data, ...states(data, error, isValidating), retry: () => void mutate() };
}

export interface UseBlogResult {
  article: BlogArticle | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  retry: () => void;
}

/** The article of `slug`: from the answers the page came with, else fetched; an empty slug fetches nothing. */
export function useBlog(slug: string | undefined): UseBlogResult {
  const initial = useRouteData()[routeDataKeys.blog(slug ?? '')] as BlogArticle | undefined;
  const { data, error, isValidating, mutate } = useSWR<BlogArticle, unknown, readonly ['blog', string] | null>(slug ? (['blog', slug] as const) : null, ([, key]) => fetchBlog(key), withInitial(slug ? initial : undefined));
  if (!slug) return { article: undefined, error: new ApiError('not-found', 'There is no such article.'), isLoading: false, retry: () => undefined };
  return { article: data, ...states(data, error, isValidating), retry: () => void mutate() };
}
