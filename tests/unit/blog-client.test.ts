import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchBlog, fetchBlogs, parseArticleContent } from '../../src/features/blog/blog-client';
import { withHost } from '../../src/model/site';
import { ApiError } from '../../src/features/blog/blog-types';

const HOST = 'https://api.example.com';

function answer(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const post = {
  id: 3,
  slug: 'nearshore-support',
  title: 'Nearshore support that scales',
  date: '2025-09-18',
  banner_image: 'uploads/blog/nearshore-support/banner.svg',
  meta_title: 'Nearshore support | Example Outsourcing',
  meta_description: 'How a nearshore team grows with demand.',
};

const article = {
  title: 'Nearshore support that scales',
  subtitle: 'Plan capacity before the peak',
  banner_image: 'uploads/blog/nearshore-support/banner.svg',
  date: '2025-09-18',
  slug: 'nearshore-support',
  meta_title: 'Nearshore support | Example Outsourcing',
  content: JSON.stringify({
    'section-1': [
      { column: 'Heading2', data: 'Why capacity planning matters' },
      { column: 'description', data: '<p>Peaks are predictable.</p>' },
    ],
    'section-2': [
      { column: 'image', data: 'uploads/blog/nearshore-support/chart.svg' },
      { column: 'image_caption', data: 'Tickets per hour across a year' },
    ],
  }),
};

let fetchMock: ReturnType<typeof vi.fn>;
let errorLog: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('withHost', () => {
  it('joins a relative path with exactly one slash', () => {
    expect(withHost('uploads/blog/a/banner.svg', '')).toBe('/uploads/blog/a/banner.svg');
    expect(withHost('/uploads/blog/a/banner.svg', '')).toBe('/uploads/blog/a/banner.svg');
    expect(withHost('uploads/blog/a/banner.svg', 'https://api.example.com/')).toBe('https://api.example.com/uploads/blog/a/banner.svg');
    expect(withHost('/uploads/blog/a/banner.svg', 'https://api.example.com')).toBe('https://api.example.com/uploads/blog/a/banner.svg');
    expect(withHost('//uploads/x.svg', 'https://api.example.com//')).toBe('//uploads/x.svg');
  });

  it('leaves complete URLs and empty paths alone', () => {
    expect(withHost('https://cdn.example.com/a.svg', HOST)).toBe('https://cdn.example.com/a.svg');
    expect(withHost('data:image/png;base64,AAAA', HOST)).toBe('data:image/png;base64,AAAA');
    expect(withHost('', HOST)).toBe('');
    expect(withHost('   ', HOST)).toBe('');
  });
});

describe('fetchBlogs', () => {
  it('calls the list endpoint on the host, with or without a trailing slash', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ status: true, result: [] })));
    await fetchBlogs({ host: 'https://api.example.com/' });
    await fetchBlogs({ host: 'https://api.example.com' });
    await fetchBlogs({ host: '' });
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['https://api.example.com/api/alcyone/blogs', 'https://api.example.com/api/alcyone/blogs', '/api/alcyone/blogs']);
  });

  it('maps posts to camelCase with host-joined banners, keeping the API order', async () => {
    const older = { ...post, id: 2, slug: 'older', date: '2025-01-02' };
    fetchMock.mockResolvedValue(answer({ status: true, result: [post, older] }));
    const posts = await fetchBlogs({ host: `${HOST}/` });
    expect(posts).toEqual([
      {
        id: 3,
        slug: 'nearshore-support',
        title: 'Nearshore support that scales',
        date: '2025-09-18',
        bannerImage: 'https://api.example.com/uploads/blog/nearshore-support/banner.svg',
        metaTitle: 'Nearshore support | Example Outsourcing',
        metaDescription: 'How a nearshore team grows with demand.',
      },
      expect.objectContaining({ slug: 'older' }),
    ]);
  });

  it.each([
    ['null', null],
    ['empty', []],
    ['missing', undefined],
  ])('gives an empty list when the result is %s', async (_, result) => {
    fetchMock.mockResolvedValue(answer({ status: true, result }));
    await expect(fetchBlogs({ host: HOST })).resolves.toEqual([]);
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('fills missing fields and skips entries it cannot link to', async () => {
    fetchMock.mockResolvedValue(answer({ status: true, result: [{ slug: 'bare', title: 'Bare post' }, { title: 'No slug' }, null, 'text', { ...post, id: '7' }] }));
    const posts = await fetchBlogs({ host: '' });
    expect(posts).toEqual([
      { id: 'bare', slug: 'bare', title: 'Bare post', date: '', bannerImage: '', metaTitle: 'Bare post', metaDescription: '' },
      expect.objectContaining({ id: '7', slug: 'nearshore-support', bannerImage: '/uploads/blog/nearshore-support/banner.svg' }),
    ]);
  });

  it('rejects a body that is not JSON as bad-response and logs it', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 200 }));
    const error = await rejection(fetchBlogs({ host: HOST }));
    expect(error.kind).toBe('bad-response');
    expect(errorLog).toHaveBeenCalledWith('Error fetching blogs:', error);
  });

  it('rejects a result that is not a list as bad-response', async () => {
    fetchMock.mockResolvedValue(answer({ status: true, result: { posts: [] } }));
    expect((await rejection(fetchBlogs({ host: HOST }))).kind).toBe('bad-response');
  });

  it('rejects HTTP 500 as http with the status', async () => {
    fetchMock.mockResolvedValue(answer({ status: false }, 500));
    const error = await rejection(fetchBlogs({ host: HOST }));
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(errorLog).toHaveBeenCalledWith('Error fetching blogs:', error);
  });

  it('rejects a failed connection as network', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(fetchBlogs({ host: HOST }));
    expect(error.kind).toBe('network');
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('gives up after 10 seconds as timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    const pending = rejection(fetchBlogs({ host: HOST }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(errorLog).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/10 seconds/);
  });
});

describe('fetchBlog', () => {
  it('calls the article endpoint with the slug encoded', async () => {
    fetchMock.mockResolvedValue(answer({ status: true, result: article }));
    await fetchBlog('a b/c', { host: `${HOST}/` });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.com/api/blog/alcyone/a%20b%2Fc');
  });

  it('decodes the content string into blocks in order, joining image paths with the host', async () => {
    fetchMock.mockResolvedValue(answer({ status: true, result: article }));
    expect(await fetchBlog('nearshore-support', { host: '' })).toEqual({
      slug: 'nearshore-support',
      title: 'Nearshore support that scales',
      subtitle: 'Plan capacity before the peak',
      date: '2025-09-18',
      bannerImage: '/uploads/blog/nearshore-support/banner.svg',
      metaTitle: 'Nearshore support | Example Outsourcing',
      blocks: [
        { column: 'Heading2', data: 'Why capacity planning matters' },
        { column: 'description', data: '<p>Peaks are predictable.</p>' },
        { column: 'image', data: '/uploads/blog/nearshore-support/chart.svg' },
        { column: 'image_caption', data: 'Tickets per hour across a year' },
      ],
    });
  });

  it('hands over rich text already sanitised, with relative pictures joined with the host', async () => {
    const content = JSON.stringify({ s: [{ column: 'description', data: '<p onclick="x()">Hi<script>x()</script> <img src="uploads/a.png"></p>' }] });
    fetchMock.mockResolvedValue(answer({ status: true, result: { ...article, content } }));
    const { blocks } = await fetchBlog('nearshore-support', { host: HOST });
    expect(blocks).toEqual([{ column: 'description', data: '<p>Hi <img src="https://api.example.com/uploads/a.png" alt="" loading="lazy" decoding="async"></p>' }]);
  });

  it('keeps the article with an empty body when the content string does not parse, and logs it', async () => {
    fetchMock.mockResolvedValue(answer({ status: true, result: { ...article, content: '{"section-1": [' } }));
    const result = await fetchBlog('nearshore-support', { host: HOST });
    expect(result.title).toBe('Nearshore support that scales');
    expect(result.blocks).toEqual([]);
    expect(errorLog).toHaveBeenCalledWith('Error fetching blogs:', expect.objectContaining({ kind: 'bad-response' }));
  });

  it('fills missing fields from the slug and title', async () => {
    fetchMock.mockResolvedValue(answer({ status: true, result: { title: 'Only a title' } }));
    expect(await fetchBlog('only-title', { host: HOST })).toEqual({
      slug: 'only-title',
      title: 'Only a title',
      subtitle: '',
      date: '',
      bannerImage: '',
      metaTitle: 'Only a title',
      blocks: [],
    });
  });

  it('rejects 404 as not-found', async () => {
    fetchMock.mockResolvedValue(answer({ status: false }, 404));
    const error = await rejection(fetchBlog('missing', { host: HOST }));
    expect(error).toMatchObject({ kind: 'not-found', status: 404 });
    expect(errorLog).toHaveBeenCalledWith('Error fetching blogs:', error);
  });

  it('rejects status false or a null result as not-found', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: false }));
    expect((await rejection(fetchBlog('missing', { host: HOST }))).kind).toBe('not-found');
    fetchMock.mockResolvedValueOnce(answer({ status: true, result: null }));
    expect((await rejection(fetchBlog('missing', { host: HOST }))).kind).toBe('not-found');
  });

  it('rejects HTTP 500 and non-JSON bodies', async () => {
    fetchMock.mockResolvedValueOnce(answer('oops', 500));
    expect(await rejection(fetchBlog('x', { host: HOST }))).toMatchObject({ kind: 'http', status: 500 });
    fetchMock.mockResolvedValueOnce(answer('not json'));
    expect((await rejection(fetchBlog('x', { host: HOST }))).kind).toBe('bad-response');
  });
});

describe('parseArticleContent', () => {
  it('skips malformed sections and blocks, and accepts an already decoded object', () => {
    const content = {
      intro: [{ column: 'heading', data: 'Start here' }, { column: 'description' }, null, { data: 'no column' }, { column: 'image_caption', data: '   ' }],
      broken: 'not a list',
      outro: [{ column: 'Heading4', data: 42 }],
    };
    expect(parseArticleContent(content, '')).toEqual([
      { column: 'heading', data: 'Start here' },
      { column: 'Heading4', data: '42' },
    ]);
    expect(parseArticleContent(JSON.stringify(content), '')).toHaveLength(2);
    expect(parseArticleContent('', '')).toEqual([]);
    expect(parseArticleContent(null, '')).toEqual([]);
  });
});
