import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import BlogSlider, { blogSliderCarousel } from './blog-slider';
import { sliderSettings, slidesToShowAt } from '../../src/kit/carousel';
import { ApiError, type BlogSummary } from '../../src/features/blog/blog-types';
import { useBlogs, type UseBlogsResult } from '../../src/features/blog/use-blogs';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';

vi.mock('../../src/features/blog/use-blogs', () => ({ useBlogs: vi.fn(), useBlog: vi.fn() }));

const post = (n: number): BlogSummary => ({
  id: n,
  slug: `post-${n}`,
  title: `Post number ${n}`,
  date: '2025-09-18',
  bannerImage: `/uploads/blog/post-${n}/banner.svg`,
  metaTitle: `Meta ${n}`,
  metaDescription: `Summary of post ${n}.`,
});
const posts = Array.from({ length: 7 }, (_, i) => post(i + 1));

const blogs = vi.mocked(useBlogs);
const state = (over: Partial<UseBlogsResult>): UseBlogsResult => ({ posts: undefined, error: undefined, isLoading: false, retry: vi.fn(), ...over });
const props = withDefaults('blog-slider', { heading: 'Latest from Our Blog' });
const originals = (root: ParentNode) => [...root.querySelectorAll('.slick-slide:not(.slick-cloned)')];

describe('blog-slider', () => {
  beforeEach(() => blogs.mockReset());

  it('shows 3 posts, 2 up to 991 px, 1 up to 650 px; dots, infinite, speed 500, scroll 1', () => {
    expect([1280, 992, 991, 651, 650, 390].map((width) => slidesToShowAt(blogSliderCarousel, width))).toEqual([3, 3, 2, 2, 1, 1]);
    expect(sliderSettings(blogSliderCarousel, { slidesToShow: 3, reducedMotion: false })).toMatchObject({
      dots: true,
      infinite: true,
      speed: 500,
      slidesToScroll: 1,
      autoplay: false,
    });
  });

  it('shows only the first `limit` posts, never more than five', () => {
    blogs.mockReturnValue(state({ posts }));
    const { container, unmount } = render(<BlogSlider {...props} limit={3} />);
    expect(originals(container).map((s) => s.querySelector('h3')?.textContent)).toEqual(['Post number 1', 'Post number 2', 'Post number 3']);
    unmount();
    const again = render(<BlogSlider {...props} />);
    const slides = originals(again.container);
    expect(slides).toHaveLength(5);
    expect(slides[4]!.querySelector('a')?.getAttribute('href')).toBe('/blogs/post-5');
  });

  it('names the carousel after the heading and shows the link to all articles', () => {
    blogs.mockReturnValue(state({ posts }));
    render(<BlogSlider {...props} eyebrow="Insights" cta={{ label: 'View all articles', href: '/blogs' }} />);
    expect(screen.getByRole('heading', { name: 'Latest from Our Blog' }).tagName).toBe('H2');
    const region = screen.getByRole('region', { name: 'Latest from Our Blog' });
    expect(within(region).getByRole('button', { name: 'Next articles' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('link', { name: 'View all articles' }).getAttribute('href')).toBe('/blogs');
  });

  it('shows the loading message while loading or when there are no posts', () => {
    blogs.mockReturnValue(state({ isLoading: true }));
    const { unmount } = render(<BlogSlider {...props} />);
    expect(screen.getByRole('status').textContent).toBe('Thanks for your patience. Loading...');
    expect(screen.queryByRole('region')).toBeNull();
    unmount();
    blogs.mockReturnValue(state({ posts: [] }));
    render(<BlogSlider {...props} />);
    expect(screen.getByRole('status').textContent).toBe('Thanks for your patience. Loading...');
  });

  it('reports a failure with a Retry button', () => {
    const retry = vi.fn();
    blogs.mockReturnValue(state({ error: new ApiError('timeout', 'slow'), retry }));
    render(<BlogSlider {...props} />);
    expect(screen.getByRole('alert').textContent).toBe("We couldn't load the articles right now.");
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
