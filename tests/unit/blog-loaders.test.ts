// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageData, blocksLoadData } from '../../src/render/page-loaders';
import { routeDataKeys } from '../../src/features/blog/use-blogs';

const list = { status: true, result: [{ id: 1, slug: 'sla', title: 'SLA', date: '2025-05-20', banner_image: 'uploads/blog/sla.svg', meta_description: 'What an SLA holds.' }] };
const article = { status: true, result: { slug: 'sla', title: 'SLA', subtitle: 'Terms', date: '2025-05-20', banner_image: 'uploads/blog/sla.svg', content: '{}' } };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

let answers: Record<string, () => Response>;
let fetchMock: ReturnType<typeof vi.fn>;
const reported: string[] = [];

beforeEach(() => {
  answers = { '/api/alcyone/blogs': () => json(list), '/api/blog/alcyone/sla': () => json(article) };
  fetchMock = vi.fn(async (url: string) => {
    const answer = answers[url];
    return answer ? answer() : json({ status: false }, 404);
  });
  reported.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const blocks = (...types: string[]) => types.map((type) => ({ type, props: {} }));
const load = (types: string[], params: Record<string, string> = {}, path = '/blogs') => loadPageData(blocks(...types), { path, params }, { fetch: fetchMock as unknown as typeof fetch, report: (m) => void reported.push(m) });

describe('the data a page is rendered with, from its blocks’ loaders', () => {
  it('is wanted by the pages with a block that has a loader: the list and the article', () => {
    expect(blocksLoadData(blocks('page-hero', 'blog-grid'))).toBe(true);
    expect(blocksLoadData(blocks('blog-article'))).toBe(true);
    expect(blocksLoadData(blocks('hero', 'blog-slider'))).toBe(false);
  });

  it('is nothing for other pages, which fetch nothing', async () => {
    expect(await load(['hero', 'blog-slider'])).toEqual({ kind: 'loaded', data: {}, head: {} });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is the list for the Insights page, through the given fetch, with image paths as the browser uses them, and the feed in the head', async () => {
    const loaded = await load(['blog-grid']);
    expect(fetchMock).toHaveBeenCalledWith('/api/alcyone/blogs', expect.anything());
    expect(loaded).toMatchObject({ kind: 'loaded', data: { [routeDataKeys.blogs]: [{ slug: 'sla', bannerImage: '/uploads/blog/sla.svg' }] } });
    expect(loaded).toMatchObject({ head: { feed: { href: '/blogs/feed.xml' } } });
  });

  it('is the article and the list for an article page, and the article gives the head its title, description, preview and JSON-LD', async () => {
    const loaded = await load(['blog-article'], { slug: 'sla' }, '/blogs/sla');
    if (loaded.kind !== 'loaded') throw new Error('expected data');
    expect(Object.keys(loaded.data).sort()).toEqual([routeDataKeys.blog('sla'), routeDataKeys.blogs].sort());
    expect(loaded.head.text).toEqual({ title: expect.stringMatching(/^SLA \| /), description: 'What an SLA holds.' });
    expect(loaded.head.article).toMatchObject({ publishedTime: '2025-05-20', image: { width: 1200, height: 630 } });
    expect(loaded.head.structuredData).toMatchObject({ '@type': 'BlogPosting', headline: 'SLA', url: expect.stringMatching(/\/blogs\/sla$/) });
  });

  it('makes an unknown slug, or none, a missing article, and reports no fault', async () => {
    expect(await load(['blog-article'], { slug: 'nope' })).toEqual({ kind: 'missing' });
    expect(await load(['blog-article'])).toEqual({ kind: 'missing' });
    expect(reported).toEqual([]);
  });

  it('leaves out a failed list on an article page (only the neighbour links wait for the browser)', async () => {
    answers['/api/alcyone/blogs'] = () => json({}, 500);
    const loaded = await load(['blog-article'], { slug: 'sla' }, '/blogs/sla');
    if (loaded.kind !== 'loaded') throw new Error('expected data');
    expect(Object.keys(loaded.data)).toEqual([routeDataKeys.blog('sla')]);
    expect(reported).toEqual(['Blog service, while rendering /blogs/sla: The blog service answered with HTTP 500.']);
  });

  it('fails as a whole when the list page cannot have its list, or an article fails other than missing', async () => {
    answers['/api/alcyone/blogs'] = () => json({}, 500);
    await expect(load(['blog-grid'])).rejects.toMatchObject({ kind: 'http', status: 500 });
    answers['/api/blog/alcyone/sla'] = () => json({}, 502);
    await expect(load(['blog-article'], { slug: 'sla' })).rejects.toMatchObject({ kind: 'http', status: 502 });
  });
});
