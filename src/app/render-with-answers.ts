/**
 * Render a real path (not a pattern) with the blog answers it shows: the list's cards, or an article with its
 * title and description, its link-preview tags and its BlogPosting JSON-LD. Throws the ApiError when the
 * blog service fails; the server then serves its last good render, or the prerendered page, whose blocks fetch
 * in the browser.
 */
import type { RequestContext, RequestRender } from '../model/dist-layout';
import { apiHost, site } from '../model/site';
import { articleHeadText } from '../features/blog/article-head';
import { absoluteUrl, blogPostingData } from '../features/blog/article-structured-data';
import { BANNER_HEIGHT, BANNER_WIDTH } from '../features/blog/blog-card';
import type { FetchOptions } from '../features/blog/blog-client';
import { loadBlogRouteData } from '../features/blog/blog-route-data';
import type { ApiError } from '../features/blog/blog-types';
import { serverRouteAnswer } from './page-data-source';
import { renderRoute } from './render-route';

/** The blog client's options on the server: its cached fetch, its timeout, loopback when the API is this server. */
export function serverFetchOptions(path: string, { selfOrigin, timeoutMs, fetch, report }: RequestContext): FetchOptions {
  // For operators, in one line; an unknown slug is a visitor's typo, not a fault.
  const onError = (error: ApiError) => error.kind !== 'not-found' && report(`Blog service, while rendering ${path}: ${error.message}`);
  // Image paths are joined with the host the browser uses; only the request goes over loopback.
  return { timeoutMs, onError, fetch, ...(apiHost ? {} : { via: selfOrigin }) };
}

export async function renderOnRequest(path: string, context: RequestContext): Promise<RequestRender> {
  const answer = await serverRouteAnswer(path);
  if (answer.kind !== 'page' || answer.notFound) return { kind: 'prerendered' };
  const loaded = await loadBlogRouteData(answer.document.blocks.map((b) => b.type), answer.params, serverFetchOptions(path, context));
  if (loaded.kind === 'none') return { kind: 'prerendered' };
  if (loaded.kind === 'missing-article') return { kind: 'missing' };
  const { article, posts, data } = loaded;
  if (!article) {
    const rendered = await renderRoute(path, { data, answer });
    return { kind: 'rendered', html: rendered.html, head: rendered.head };
  }
  const { settings } = site;
  const headText = articleHeadText(article, posts?.find((p) => p.slug === article.slug)?.metaDescription, settings.brand);
  const image = article.bannerImage ? { url: absoluteUrl(settings.siteUrl, article.bannerImage), width: BANNER_WIDTH, height: BANNER_HEIGHT } : undefined;
  const rendered = await renderRoute(path, {
    data,
    answer,
    headText,
    article: { publishedTime: article.date, ...(image ? { image } : {}) },
    structuredData: blogPostingData(article, headText.description, `${settings.siteUrl}${path}`, settings),
  });
  return { kind: 'rendered', html: rendered.html, head: rendered.head };
}
