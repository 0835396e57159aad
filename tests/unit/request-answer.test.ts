// @vitest-environment node
/**
 * The one answer to "does this page render on request, and with what": src/app/request-answer.ts, as the render
 * bundle's renderOnRequest gives it to the server, reading the page document once per request.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readLocalPage } from '../../src/app/local-pages';
import { setPageReader } from '../../src/app/page-documents';
import { answerOnRequest, rendersOnRequest } from '../../src/app/request-answer';
import { renderOnRequest } from '../../src/entry-server';
import type { PageRouteAnswer } from '../../src/model/route-answer';

const list = { status: true, result: [{ id: 1, slug: 'sla', title: 'SLA', date: '2025-05-20', banner_image: 'uploads/blog/sla.svg', meta_description: 'What an SLA holds.' }] };
const article = { status: true, result: { slug: 'sla', title: 'SLA', subtitle: 'Terms', date: '2025-05-20', banner_image: 'uploads/blog/sla.svg', content: '{}' } };
const answers: Record<string, unknown> = { '/api/alcyone/blogs': list, '/api/blog/alcyone/sla': article };
const fetchMock = vi.fn(async (url: string) => {
  const body = answers[url];
  return new Response(JSON.stringify(body ?? { status: false }), { status: body ? 200 : 404 });
});
const context = { fetch: fetchMock as unknown as typeof fetch, report: () => {}, timeoutMs: 1000 };

/** Every page document read, by name. */
const reads: string[] = [];

beforeEach(() => {
  reads.length = 0;
  fetchMock.mockClear();
  setPageReader(async (name) => {
    reads.push(name);
    return readLocalPage(name);
  });
});

const pageAnswer = async (page: string, path: string, params: Record<string, string> = {}, notFound = false): Promise<PageRouteAnswer> => ({
  kind: 'page',
  path: notFound ? null : path,
  page,
  params,
  notFound,
  document: await readLocalPage(page),
});

describe('whether a page renders on request', () => {
  it('is yes for a page with a block that loads data, no for any other page and for the 404 page', async () => {
    expect(rendersOnRequest(await pageAnswer('blog-article', '/blogs/sla', { slug: 'sla' }))).toBe(true);
    expect(rendersOnRequest(await pageAnswer('about', '/about'))).toBe(false);
    // The 404 page keeps its prerendered HTML even when a block on it were to load data.
    expect(rendersOnRequest({ ...(await pageAnswer('blog-article', '/nowhere')), notFound: true })).toBe(false);
  });

  it('answers prerendered without asking the API, loaded with the data and head, or missing', async () => {
    expect(await answerOnRequest('/about', await pageAnswer('about', '/about'), context)).toMatchObject({ kind: 'prerendered' });
    expect(fetchMock).not.toHaveBeenCalled();
    const loaded = await answerOnRequest('/blogs/sla', await pageAnswer('blog-article', '/blogs/sla', { slug: 'sla' }), context);
    expect(loaded).toMatchObject({ kind: 'loaded', answer: { page: 'blog-article', head: { text: { description: 'What an SLA holds.' } } } });
    expect(await answerOnRequest('/blogs/nope', await pageAnswer('blog-article', '/blogs/nope', { slug: 'nope' }), context)).toMatchObject({ kind: 'missing' });
  });
});

describe("the render bundle's renderOnRequest", () => {
  it('reads the page document once and renders the article with its data', async () => {
    const rendered = await renderOnRequest({ path: '/blogs/sla', page: 'blog-article', params: { slug: 'sla' } }, context);
    expect(reads).toEqual(['blog-article']);
    if (rendered.kind !== 'rendered') throw new Error(`expected a render, got ${rendered.kind}`);
    expect(rendered.html).toMatch(/<h1[^>]*>SLA<\/h1>/);
    expect(rendered.head).toContain('<title>SLA | ');
  });

  it('says prerendered for a page whose blocks load nothing, and missing for an unknown article, reading each once', async () => {
    expect(await renderOnRequest({ path: '/about', page: 'about', params: {} }, context)).toEqual({ kind: 'prerendered' });
    expect(await renderOnRequest({ path: '/blogs/nope', page: 'blog-article', params: { slug: 'nope' } }, context)).toEqual({ kind: 'missing' });
    expect(reads).toEqual(['about', 'blog-article']);
  });
});
