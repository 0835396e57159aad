import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import BlogGrid from './blog-grid';
import { formatPostDate } from '../../src/features/blog/blog-card';
import { ApiError, type BlogSummary } from '../../src/features/blog/blog-types';
import { useBlogs, type UseBlogsResult } from '../../src/features/blog/use-blogs';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';

vi.mock('../../src/features/blog/use-blogs', () => ({ useBlogs: vi.fn(), useBlog: vi.fn() }));

const post = (n: number): BlogSummary => ({
  id: n,
  slug: `post-${n}`,
  title: `Post number ${n}`,
  date: `2025-0${n}-1${n}`,
  bannerImage: `/uploads/blog/post-${n}/banner.svg`,
  metaTitle: `Meta ${n}`,
  metaDescription: `Summary of post ${n}.`,
});

const blogs = vi.mocked(useBlogs);
const state = (over: Partial<UseBlogsResult>): UseBlogsResult => ({ posts: undefined, error: undefined, isLoading: false, retry: vi.fn(), ...over });
const LOADING = 'Thanks for your patience. Loading...';
/** No wording of its own: the schema defaults. */
const props = withDefaults('blog-grid', {});

describe('blog-grid', () => {
  beforeEach(() => blogs.mockReset());

  it('shows the loading message while loading', () => {
    blogs.mockReturnValue(state({ isLoading: true }));
    render(<BlogGrid {...props} />);
    expect(screen.getByRole('status').textContent).toBe(LOADING);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('holds the space of the cards with hidden placeholders while loading, and only then', () => {
    blogs.mockReturnValue(state({ isLoading: true }));
    const { container, rerender } = render(<BlogGrid {...props} />);
    const placeholders = container.querySelector('ul[aria-hidden="true"]');
    expect(placeholders?.querySelectorAll('li')).toHaveLength(6);
    expect(placeholders?.textContent).toBe('');
    blogs.mockReturnValue(state({ error: new ApiError('network', 'down') }));
    rerender(<BlogGrid {...props} />);
    expect(container.querySelector('ul[aria-hidden="true"]')).toBeNull();
  });

  it('keeps the loading message when the list is empty', () => {
    blogs.mockReturnValue(state({ posts: [] }));
    const { container } = render(<BlogGrid {...props} />);
    expect(screen.getByRole('status').textContent).toBe(LOADING);
    expect(container.querySelector('ul')).toBeNull();
  });

  it('makes the card titles h2 when the grid has no heading of its own', () => {
    blogs.mockReturnValue(state({ posts: [post(1)] }));
    render(<BlogGrid {...props} />);
    expect(screen.getByRole('heading', { name: post(1).title }).tagName).toBe('H2');
  });

  it('is a region named "Articles" without a heading of its own, and named by its heading with one', () => {
    blogs.mockReturnValue(state({ posts: [post(1)] }));
    const { rerender } = render(<BlogGrid {...props} />);
    expect(screen.getByRole('region', { name: 'Articles' }).getAttribute('aria-label')).toBe('Articles');
    rerender(<BlogGrid {...props} heading="Latest articles" />);
    expect(screen.getByRole('region', { name: 'Latest articles' }).getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Latest articles' }).id);
    expect(screen.queryByRole('region', { name: 'Articles' })).toBeNull();
  });

  it('says the articles could not be loaded and retries on request', () => {
    const retry = vi.fn();
    blogs.mockReturnValue(state({ error: new ApiError('network', 'down'), retry }));
    render(<BlogGrid {...props} />);
    expect(screen.getByRole('alert').textContent).toBe("We couldn't load the articles right now.");
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('renders a card per post: banner, title link, date and summary', () => {
    const posts = [post(1), post(2), post(3)];
    blogs.mockReturnValue(state({ posts }));
    render(<BlogGrid {...props} heading="Latest articles" />);
    expect(screen.getByRole('heading', { name: 'Latest articles' }).tagName).toBe('H2');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    posts.forEach((p, i) => {
      const item = items[i]!;
      const link = within(item).getByRole('link', { name: p.title });
      expect(link.getAttribute('href')).toBe(`/blogs/${p.slug}`);
      expect(within(item).getByRole('heading', { name: p.title }).tagName).toBe('H3');
      expect(within(item).getByRole('img', { name: p.title }).getAttribute('src')).toBe(p.bannerImage);
      expect(item.querySelector('time')?.getAttribute('dateTime')).toBe(p.date);
      expect(item.textContent).toContain(formatPostDate(p.date));
      expect(item.textContent).toContain(p.metaDescription);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('loads the pictures of the first row with the page and leaves the rest for when they come near', () => {
    blogs.mockReturnValue(state({ posts: [1, 2, 3, 4, 5].map(post) }));
    // The server's HTML, before any effect: lazy pictures are still placeholders there.
    const html = renderToString(<BlogGrid {...props} />);
    const placeholders = [...html.matchAll(/role="img" aria-label="([^"]+)"/g)].map((m) => m[1]);
    expect(placeholders).toEqual([post(4).title, post(5).title]);
    const eager = [...html.matchAll(/(<noscript>)?<img [^>]*src="([^"]+)"/g)].filter((m) => !m[1]).map((m) => m[2]);
    expect(eager).toEqual([1, 2, 3].map((n) => post(n).bannerImage));
  });

  it('formats dates in words without shifting the day', () => {
    expect(formatPostDate('2025-09-18')).toBe('September 18, 2025');
    expect(formatPostDate('2025-01-01T23:30:00+05:00')).toBe('January 1, 2025');
    expect(formatPostDate('soon')).toBe('soon');
  });
});
