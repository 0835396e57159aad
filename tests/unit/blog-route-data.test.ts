// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBlogRouteData } from '../../src/features/blog/blog-route-data';
import { needsBlogData } from '../../src/features/blog/blog-blocks';
import { routeDataKeys } from '../../src/features/blog/use-blogs';

const list = { status: true, result: [{ id: 1, slug: 'sla', title: 'SLA', date: '2025-05-20', banner_image: 'uploads/blog/sla.svg' }] };
const article = { status: true, result: { slug: 'sla', title: 'SLA', subtitle: 'Terms', date: '2025-05-20', banner_image: 'uploads/blog/sla.svg', content: '{}' } };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const via = 'http://127.0.0.1:4173';

let answers: Record<string, () => Response>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  answers = { '/api/alcyone/blogs': () => json(list), '/api/blog/alcyone/sla': () => json(article) };
  fetchMock = vi.fn(async (url: string) => {
    const answer = answers[url.slice(via.length)];
    return answer ? answer() : json({ status: false }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const load = (types: string[], params: Record<string, string> = {}) => loadBlogRouteData(types, params, { via, onError: () => {} });

describe('the blog answers a page is rendered with', () => {
  it('are needed by the list and the article only', () => {
    expect(needsBlogData(['page-hero', 'blog-grid'])).toBe(true);
    expect(needsBlogData(['blog-article'])).toBe(true);
    expect(needsBlogData(['hero', 'blog-slider'])).toBe(false);
  });

  it('are none for other pages, which fetch nothing', async () => {
    expect(await load(['hero', 'blog-slider'])).toEqual({ kind: 'none' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are the list for the Insights page, over the given address, with image paths as the browser uses them', async () => {
    const loaded = await load(['blog-grid']);
    expect(fetchMock).toHaveBeenCalledWith(`${via}/api/alcyone/blogs`, expect.anything());
    expect(loaded).toMatchObject({ kind: 'loaded', data: { [routeDataKeys.blogs]: [{ slug: 'sla', bannerImage: '/uploads/blog/sla.svg' }] } });
  });

  it('are the article and the list for an article page', async () => {
    const loaded = await load(['blog-article'], { slug: 'sla' });
    expect(loaded).toMatchObject({ kind: 'loaded', article: { title: 'SLA' }, posts: [{ slug: 'sla' }] });
    if (loaded.kind !== 'loaded') throw new Error('expected answers');
    expect(Object.keys(loaded.data).sort()).toEqual([routeDataKeys.blog('sla'), routeDataKeys.blogs].sort());
  });

  it('make an unknown slug a missing article', async () => {
    expect(await load(['blog-article'], { slug: 'nope' })).toEqual({ kind: 'missing-article' });
  });

  it('leave out a failed list on an article page (only the neighbour links wait for the browser)', async () => {
    answers['/api/alcyone/blogs'] = () => json({}, 500);
    const loaded = await load(['blog-article'], { slug: 'sla' });
    expect(loaded).toMatchObject({ kind: 'loaded', article: { title: 'SLA' } });
    if (loaded.kind !== 'loaded') throw new Error('expected answers');
    expect(Object.keys(loaded.data)).toEqual([routeDataKeys.blog('sla')]);
  });

  it('fail as a whole when the list page cannot have its list, or an article fails other than missing', async () => {
    answers['/api/alcyone/blogs'] = () => json({}, 500);
    await expect(load(['blog-grid'])).rejects.toMatchObject({ kind: 'http', status: 500 });
    answers['/api/blog/alcyone/sla'] = () => json({}, 502);
    await expect(load(['blog-article'], { slug: 'sla' })).rejects.toMatchObject({ kind: 'http', status: 502 });
  });
});
