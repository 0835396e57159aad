import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BlogArticle from './blog-article';
import { readingIndex, titleScrollTop } from '../../src/features/blog/article-contents.enhance';
import enhance from './blog-article.enhance';
import { renderToString } from 'react-dom/server';
import { sanitizeArticleHtml } from '../../src/features/blog/article-html';
import { ApiError, type BlogArticle as Article, type BlogSummary } from '../../src/features/blog/blog-types';
import { routeDataKeys, useBlog, useBlogs, type UseBlogResult, type UseBlogsResult } from '../../src/features/blog/use-blogs';
import { head } from './blog-article.server';
import { BlockEnvironment } from '../../src/kit/block-environment';
import { site } from '../../src/model/site';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';
import { inReadingOrder } from '../../tests/unit/fixtures/reading-order';

vi.mock('../../src/features/blog/use-blogs', async (original) => ({ ...(await original<object>()), useBlogs: vi.fn(), useBlog: vi.fn() }));

const summary = (slug: string, n: number): BlogSummary => ({
  id: n,
  slug,
  title: `Title ${slug}`,
  date: '2025-09-1' + n,
  bannerImage: `/uploads/blog/${slug}/banner.svg`,
  metaTitle: `Meta title of ${slug}`,
  metaDescription: `Description of ${slug}.`,
});
const posts = [summary('newest', 1), summary('middle', 2), summary('oldest', 3)];

const article: Article = {
  slug: 'middle',
  title: 'Scaling a support desk for the holiday peak',
  subtitle: 'How we went from 25 to 140 agents in six weeks',
  date: '2025-09-18',
  bannerImage: '/uploads/blog/middle/banner.svg',
  metaTitle: 'Holiday peak support scaling',
  blocks: [
    { column: 'Heading2', data: 'Plan the ramp' },
    // As fetchBlog hands it over: sanitised when fetched.
    {
      column: 'description',
      data: sanitizeArticleHtml('<p>Start <strong>early</strong>.</p><script>window.hacked = true</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href="https://example.com" target="_blank">ok</a>'),
    },
    { column: 'image', data: '/uploads/blog/middle/ramp.svg' },
    { column: 'image_caption', data: 'Agents onboarded per week' },
    { column: 'Heading3', data: 'Train on real tickets' },
    { column: 'heading', data: 'A plain heading' },
    { column: 'Heading4', data: 'Measure quality' },
    { column: 'video', data: 'https://example.com/should-not-show.mp4' },
    { column: 'image', data: '/uploads/blog/middle/uncaptioned.svg' },
    { column: 'Heading2', data: 'Plan the ramp' },
  ],
};

/** The block as a page without wording of its own shows it: every label from the schema defaults. */
const props = withDefaults('blog-article', {});

const blog = vi.mocked(useBlog);
const blogs = vi.mocked(useBlogs);
const blogState = (over: Partial<UseBlogResult>): UseBlogResult => ({ article: undefined, error: undefined, isLoading: false, retry: vi.fn(), ...over });
const listState = (over: Partial<UseBlogsResult>): UseBlogsResult => ({ posts: undefined, error: undefined, isLoading: false, retry: vi.fn(), ...over });

function wrap(slug: string, node: ReactNode) {
  return (
    <BlockEnvironment settings={site.settings} route={{ path: `/blogs/${slug}`, params: { slug } }}>
      {node}
    </BlockEnvironment>
  );
}
const show = (slug = 'middle') => render(wrap(slug, <BlogArticle {...props} />));
const h1s = () => screen.getAllByRole('heading', { level: 1 });

describe('blog-article', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    blog.mockReset();
    blogs.mockReset();
    blogs.mockReturnValue(listState({ posts }));
    scrollTo.mockReset();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the article of the route slug and shows the loading message as the only h1', () => {
    blog.mockReturnValue(blogState({ isLoading: true }));
    show();
    expect(blog).toHaveBeenCalledWith('middle');
    expect(h1s().map((h) => h.textContent)).toEqual(['Thanks for your patience. Loading...']);
    expect(screen.getByRole('status').textContent).toBe('Thanks for your patience. Loading...');
  });

  it('shows "Article not found" and a link to /blogs for an unknown slug', () => {
    blog.mockReturnValue(blogState({ error: new ApiError('not-found', 'gone', { status: 404 }) }));
    show('no-such-post');
    expect(h1s().map((h) => h.textContent)).toEqual(['Article not found']);
    expect(screen.getByRole('link', { name: 'Browse all articles' }).getAttribute('href')).toBe('/blogs');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers Retry when the article could not be fetched', () => {
    const retry = vi.fn();
    blog.mockReturnValue(blogState({ error: new ApiError('network', 'down'), retry }));
    show();
    expect(h1s().map((h) => h.textContent)).toEqual(["We couldn't load this article right now."]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('renders banner, title as the only h1, back link, subtitle and the posted date', () => {
    blog.mockReturnValue(blogState({ article }));
    const { container } = show();
    expect(h1s().map((h) => h.textContent)).toEqual([article.title]);
    const banner = container.querySelector<HTMLImageElement>(`img[src="${article.bannerImage}"]`)!;
    expect(banner.alt).toBe(article.title);
    expect([banner.getAttribute('width'), banner.getAttribute('height')]).toEqual(['1200', '630']);
    expect(screen.getByRole('link', { name: 'Back to Insights' }).getAttribute('href')).toBe('/blogs');
    expect(inReadingOrder(h1s()[0]!, screen.getByText(article.subtitle))).toBe(true);
    const footer = container.querySelector('footer')!;
    expect(footer.textContent).toBe('Posted Date September 18, 2025');
    expect(footer.querySelector('time')?.getAttribute('dateTime')).toBe('2025-09-18');
  });

  it('renders the body by column type, skips unknown columns, and its rich text as sanitised', () => {
    blog.mockReturnValue(blogState({ article }));
    const { container } = show();
    const body = container.querySelector('h1')!.closest('header')!.nextElementSibling!;
    const tags = [...body.children].map((el) => el.tagName.toLowerCase() + (el.tagName === 'DIV' ? '' : `:${el.textContent}`));
    expect(tags).toEqual([
      'h2:Plan the ramp',
      'div',
      'img:', // jsdom has no IntersectionObserver, so LazyImage shows the picture at once
      'p:Agents onboarded per week',
      'h3:Train on real tickets',
      'h3:A plain heading',
      'h4:Measure quality',
      'img:',
      'h2:Plan the ramp',
    ]);
    expect(container.textContent).not.toContain('should-not-show');
    const images = within(body as HTMLElement).getAllByRole('img');
    expect(images.map((img) => [img.getAttribute('src'), img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')])).toEqual([
      ['/uploads/blog/middle/ramp.svg', 'Agents onboarded per week', '960', '540'],
      ['/uploads/blog/middle/uncaptioned.svg', article.title, '960', '540'],
    ]);

    const rich = body.children[1]!;
    expect(rich.querySelector('strong')?.textContent).toBe('early');
    expect(rich.querySelector('script')).toBeNull();
    expect(rich.innerHTML).not.toContain('onerror');
    expect(rich.innerHTML).not.toContain('javascript:');
    expect(rich.querySelector('a[target="_blank"]')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('lists the title and then every heading in the table of contents, linked to unique ids', () => {
    blog.mockReturnValue(blogState({ article }));
    const { container } = show();
    const nav = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([article.title, 'Plan the ramp', 'Train on real tickets', 'A plain heading', 'Measure quality', 'Plan the ramp']);
    expect(links[0]!.getAttribute('href')).toBe('#article-title');
    const ids = links.slice(1).map((a) => a.getAttribute('href')!.slice(1));
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of ids.entries()) expect(container.querySelector(`[id="${id}"]`)?.textContent).toBe(links[i + 1]!.textContent);
    expect(container.querySelector('#article-title')?.tagName).toBe('H1');
  });

  it('scrolls the title to 20 px below the sticky header when its entry is clicked', () => {
    blog.mockReturnValue(blogState({ article }));
    const header = document.createElement('div');
    header.setAttribute('data-block', 'site-header');
    Object.defineProperty(header, 'offsetHeight', { value: 72 });
    document.body.append(header);
    show();
    const title = screen.getByRole('heading', { level: 1 });
    title.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    Object.defineProperty(window, 'scrollY', { value: 100, configurable: true });
    const entry = within(screen.getByRole('navigation', { name: 'Contents' })).getByRole('link', { name: article.title });
    expect(fireEvent.click(entry)).toBe(false); // default jump prevented
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 500 + 100 - 72 - 20, behavior: 'smooth' });
    expect(document.activeElement).toBe(title);
    header.remove();
    expect(titleScrollTop(10, 0, 72)).toBe(0);
  });

  it('links the previous and next articles with their banner and meta title', () => {
    blog.mockReturnValue(blogState({ article }));
    show();
    const nav = screen.getByRole('navigation', { name: 'More articles' });
    const [previous, next] = within(nav).getAllByRole('link');
    expect(previous!.getAttribute('href')).toBe('/blogs/newest');
    expect(previous!.textContent).toBe('Previous articleMeta title of newest');
    expect(previous!.querySelector('img')?.getAttribute('src')).toBe('/uploads/blog/newest/banner.svg');
    expect(next!.getAttribute('href')).toBe('/blogs/oldest');
    expect(next!.textContent).toContain('Meta title of oldest');
  });

  it('has no previous link on the newest article', () => {
    blog.mockReturnValue(blogState({ article: { ...article, slug: 'newest' } }));
    show('newest');
    const links = within(screen.getByRole('navigation', { name: 'More articles' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/blogs/middle']);
  });

  it('gives its page the article’s title and description through its server module’s head(), never by setting them itself', () => {
    const data = { [routeDataKeys.blog('middle')]: article, [routeDataKeys.blogs]: posts };
    const route = { path: '/blogs/middle', params: { slug: 'middle' } };
    expect(head(data, route).text).toEqual({ title: `Holiday peak support scaling | ${site.settings.brand}`, description: 'Description of middle.' });
    document.title = 'Insights Article | Example Outsourcing';
    blog.mockReturnValue(blogState({ article }));
    render(wrap('middle', <BlogArticle {...props} />));
    expect(document.title).toBe('Insights Article | Example Outsourcing');
  });
});

describe('blog-article without React (the server had the article)', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    blog.mockReturnValue(blogState({ article }));
    blogs.mockReturnValue(listState({ posts }));
    scrollTo.mockReset();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });
  afterEach(() => document.body.replaceChildren());

  /** The block as the server sends it, with its enhance module run on it. */
  function serverArticle(beforeEnhance: (root: HTMLElement) => void = () => {}) {
    const root = document.createElement('div');
    root.dataset.block = 'blog-article';
    root.innerHTML = renderToString(wrap('middle', <BlogArticle {...props} />));
    document.body.replaceChildren(root);
    beforeEnhance(root);
    const undo = enhance(root);
    const contents = within(screen.getByRole('navigation', { name: 'Contents' }));
    return { root, undo, entries: contents.getAllByRole<HTMLAnchorElement>('link') };
  }

  it('scrolls smoothly to the title, 20 px below the sticky header, and focuses it', () => {
    const header = document.createElement('div');
    header.setAttribute('data-block', 'site-header');
    Object.defineProperty(header, 'offsetHeight', { value: 64 });
    const { entries, root } = serverArticle();
    document.body.prepend(header);
    const title = root.querySelector<HTMLElement>('h1')!;
    title.getBoundingClientRect = () => ({ top: 700 }) as DOMRect;
    Object.defineProperty(window, 'scrollY', { value: 40, configurable: true });
    expect(fireEvent.click(entries[0]!)).toBe(false);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 700 + 40 - 64 - 20, behavior: 'smooth' });
    expect(document.activeElement).toBe(title);
  });

  it('marks the entry of the part being read as the visitor scrolls, and stops when undone', async () => {
    // At the top of the page: every heading below the fold.
    const tops = new Map<string, number>();
    const { entries, undo } = serverArticle((root) => {
      for (const heading of root.querySelectorAll<HTMLElement>('h2, h3, h4')) heading.getBoundingClientRect = () => ({ top: tops.get(heading.id) ?? 2000 }) as DOMRect;
    });
    const current = () => entries.filter((a) => a.hasAttribute('aria-current')).map((a) => a.textContent);
    expect(current()).toEqual([article.title]);
    const [, ramp, train] = entries.map((a) => a.hash.slice(1));
    tops.set(ramp!, -300);
    tops.set(train!, 100);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(current()).toEqual(['Train on real tickets']);
    undo();
    tops.set(train!, 2000);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(current()).toEqual(['Train on real tickets']);
  });

  it('reads the last heading above the reading line, the title before any', () => {
    expect(readingIndex([0, 900, 1500], 800)).toBe(0);
    expect(readingIndex([-900, -10, 200, 700], 800)).toBe(2);
    expect(readingIndex([-900, null, 100], 800)).toBe(2);
  });
});
