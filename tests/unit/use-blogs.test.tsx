import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeDataKeys, useBlog, useBlogs } from '../../src/features/blog/use-blogs';
import { BlockEnvironment } from '../../src/kit/block-environment';
import type { RouteData } from '../../src/kit/route-data';
import { site } from '../../src/model/site';

// A fresh cache per test, and no automatic retries, so each test sees exactly its own answers.
const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>{children}</SWRConfig>;

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('useBlogs', () => {
  it('is loading first, then gives the posts', async () => {
    fetchMock.mockResolvedValue(json({ status: true, result: [{ id: 1, slug: 'a', title: 'A', date: '2025-01-01' }] }));
    const { result } = renderHook(() => useBlogs(), { wrapper });
    expect(result.current).toMatchObject({ posts: undefined, error: undefined, isLoading: true });
    await waitFor(() => expect(result.current.posts).toHaveLength(1));
    expect(result.current).toMatchObject({ error: undefined, isLoading: false });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/alcyone/blogs');
  });

  it('gives an empty list for a null result', async () => {
    fetchMock.mockResolvedValue(json({ status: true, result: null }));
    const { result } = renderHook(() => useBlogs(), { wrapper });
    await waitFor(() => expect(result.current.posts).toEqual([]));
  });

  it('reports the error, shows loading while retrying, then the posts', async () => {
    fetchMock.mockResolvedValueOnce(json({}, 500));
    const { result } = renderHook(() => useBlogs(), { wrapper });
    await waitFor(() => expect(result.current.error?.kind).toBe('http'));
    expect(result.current.isLoading).toBe(false);

    let answer!: (value: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current).toMatchObject({ isLoading: true, error: undefined }));
    await act(async () => answer(json({ status: true, result: [{ slug: 'b' }] })));
    await waitFor(() => expect(result.current.posts?.[0]?.slug).toBe('b'));
    expect(result.current.error).toBeUndefined();
  });

  it('renders the loading state on the server', () => {
    let seen: unknown;
    function Probe() {
      seen = useBlogs();
      return null;
    }
    renderToString(<Probe />);
    expect(seen).toMatchObject({ posts: undefined, error: undefined, isLoading: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('useBlog', () => {
  it('fetches the article of its slug when the page came without it', async () => {
    fetchMock.mockImplementation((url: string) => Promise.resolve(json({ status: true, result: { title: url.split('/').pop(), content: '{}' } })));
    const { result } = renderHook(() => useBlog('first'), { wrapper });
    await waitFor(() => expect(result.current.article?.title).toBe('first'));
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/blog/alcyone/first']);
  });

  it('reports an unknown slug as not-found', async () => {
    fetchMock.mockResolvedValue(json({ status: false }, 404));
    const { result } = renderHook(() => useBlog('missing'), { wrapper });
    await waitFor(() => expect(result.current.error?.kind).toBe('not-found'));
    expect(result.current).toMatchObject({ article: undefined, isLoading: false });
  });
});

describe('with the answers the server rendered the page with', () => {
  const post = { id: 1, slug: 'a', title: 'A', date: '2025-01-01', bannerImage: '', metaTitle: 'A', metaDescription: '' };
  const article = { slug: 'a', title: 'A', subtitle: '', date: '2025-01-01', bannerImage: '', metaTitle: 'A', blocks: [] };
  const withData =
    (data: RouteData) =>
    ({ children }: { children: ReactNode }) =>
      wrapper({
        children: (
          <BlockEnvironment settings={site.settings} data={data}>
            {children}
          </BlockEnvironment>
        ),
      });

  it('shows them at once, on the server as in the browser, and does not fetch them again', async () => {
    const data = { [routeDataKeys.blogs]: [post], [routeDataKeys.blog('a')]: article };
    let seen: unknown;
    function Probe() {
      seen = useBlog('a');
      return null;
    }
    renderToString(withData(data)({ children: <Probe /> }));
    expect(seen).toMatchObject({ article, isLoading: false, error: undefined });
    const { result } = renderHook(() => ({ list: useBlogs(), one: useBlog('a') }), { wrapper: withData(data) });
    expect(result.current.list).toMatchObject({ posts: [post], isLoading: false });
    expect(result.current.one).toMatchObject({ article, isLoading: false });
    // swr revalidates a mounted key in an animation frame: after two, a fetch would have been made.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches an article the page did not come with', async () => {
    fetchMock.mockResolvedValue(json({ status: true, result: { title: 'B', content: '{}' } }));
    const { result } = renderHook(() => useBlog('b'), { wrapper: withData({ [routeDataKeys.blog('a')]: article }) });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.article?.title).toBe('B'));
  });
});
