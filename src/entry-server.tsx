/**
 * Server entry: render one path to HTML with its head tags — at build time for every page (scripts/prerender.ts),
 * and on each request for the pages that show blog answers (server/render-on-request.ts). Its exports are the
 * ServerBundle contract of src/model/dist-layout.ts.
 */
import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { App } from './app/app';
import { buildHead, headToHtml } from './app/head';
import { jsonLdTag, organizationData } from './app/structured-data';
import { loadLayout, loadPage, pageSourceFiles } from './app/page-loader';
import { site } from './model/site';
import { isDynamicPattern, resolvePath } from './model/routes';
import type { RenderedRoute, RequestContext, RequestRender } from './model/dist-layout';
import type { BlockEntry } from './model/block-entry';
import { apiHost } from './model/site';
import { articleHeadText } from './features/blog/article-head';
import type { FetchOptions } from './features/blog/blog-client';
import type { ApiError } from './features/blog/blog-types';
import { loadBlogRouteData, needsBlogData } from './features/blog/blog-route-data';
import { routeDataTag, type RouteData } from './kit/route-data';
import { BlockEnvironment } from './kit/block-environment';
import { BlockFrame } from './render/render-blocks';

export { site };

interface RenderOptions {
  /** Answers the page is rendered with; they go into the page for hydration. */
  data?: RouteData;
  /** Title and description of this very page (an article's), in place of the page document's. */
  headText?: { title: string; description: string };
}

export class BlockRenderError extends Error {}

async function renderToHtml(node: ReactNode): Promise<{ html: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  // Without an unlimited chunk size React moves everything past ~12.8 kB of HTML into hidden templates that
  // inline scripts ($RC) reveal: blocked by the CSP, invisible without JavaScript.
  const { prelude } = await prerender(node, { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY });
  return { html: await new Response(prelude).text(), errors };
}

/** Render a path. `path` may be a dynamic pattern ("/blogs/:slug"): that renders the route's shell. */
export async function renderRoute(path: string, { data, headText }: RenderOptions = {}): Promise<RenderedRoute> {
  const resolution = resolvePath(site, path);
  if (resolution.kind === 'redirect') throw new Error(`${path} is a redirect to ${resolution.to}; the server answers it, nothing to prerender.`);
  const notFound = resolution.kind === 'not-found';
  const [, page] = await Promise.all([loadLayout(), loadPage(notFound ? site.notFoundPage : resolution.page)]);
  const { html, errors } = await renderToHtml(<App ssrPath={path} {...(data ? { data } : {})} />);
  if (errors.length > 0) throw await describeFailure(path, page.name, page.blocks, errors[0]);
  const isShell = !notFound && isDynamicPattern(path);
  const { title, description } = headText ?? page;
  const head = buildHead({ title, description, path: notFound || isShell ? null : path, noindex: notFound, settings: site.settings });
  const layoutFiles = [site.layout.header, site.layout.footer].map((b) => `blocks/${b.type}/${b.type}.tsx`);
  // Search engines read the organisation's details from the home page.
  const extraTags = [path === '/' && jsonLdTag(organizationData(site.settings)), data && routeDataTag(data)].filter(Boolean);
  const headHtml = [headToHtml(head), ...extraTags].join('\n    ');
  return {
    html,
    head: headHtml,
    status: notFound ? 404 : 200,
    sourceFiles: [...new Set([...pageSourceFiles(page), ...layoutFiles])],
    page: page.name,
    rendersOnRequest: !notFound && needsBlogData(page.blocks.map((b) => b.type)),
  };
}

/**
 * Render a real path (not a pattern) with the blog answers it shows. Throws the ApiError when the blog
 * service fails; the server then serves the prerendered page, whose blocks fetch in the browser.
 */
export async function renderOnRequest(path: string, { selfOrigin, timeoutMs, fetch, report }: RequestContext): Promise<RequestRender> {
  // For operators, in one line; an unknown slug is a visitor's typo, not a fault.
  const onError = (error: ApiError) => error.kind !== 'not-found' && report(`Blog service, while rendering ${path}: ${error.message}`);
  // Image paths are joined with the host the browser uses; only the request goes over loopback.
  const api: FetchOptions = { timeoutMs, onError, fetch, ...(apiHost ? {} : { via: selfOrigin }) };
  const resolution = resolvePath(site, path);
  if (resolution.kind !== 'page') return { kind: 'prerendered' };
  const page = await loadPage(resolution.page);
  const loaded = await loadBlogRouteData(page.blocks.map((b) => b.type), resolution.params, api);
  if (loaded.kind === 'none') return { kind: 'prerendered' };
  if (loaded.kind === 'missing-article') return { kind: 'missing' };
  const { article, posts, data } = loaded;
  const headText = article ? articleHeadText(article, posts?.find((p) => p.slug === article.slug)?.metaDescription, site.settings.brand) : undefined;
  const rendered = await renderRoute(path, { data, ...(headText ? { headText } : {}) });
  return { kind: 'rendered', html: rendered.html, head: rendered.head };
}

/** Find which block threw, so the build names the page and the block rather than a bare stack. */
async function describeFailure(path: string, pageName: string, blocks: BlockEntry[], firstError: unknown): Promise<BlockRenderError> {
  const candidates: Array<{ where: string; entry: BlockEntry }> = [
    { where: 'pages.json layout.header', entry: site.layout.header },
    ...blocks.map((entry, i) => ({ where: `pages/${pageName}.json blocks[${i}]`, entry })),
    { where: 'pages.json layout.footer', entry: site.layout.footer },
  ];
  for (const { where, entry } of candidates) {
    const { errors } = await renderToHtml(
      <Router ssrPath={path}>
        <BlockEnvironment settings={site.settings} route={{ path, params: {} }}>
          <BlockFrame entry={entry} />
        </BlockEnvironment>
      </Router>,
    );
    if (errors.length > 0) {
      const error = errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
      return new BlockRenderError(`${where} (${entry.type}${entry.id ? ` #${entry.id}` : ''}) threw while prerendering ${path}: ${error.message}`, { cause: error });
    }
  }
  const error = firstError instanceof Error ? firstError : new Error(String(firstError));
  return new BlockRenderError(`Prerendering ${path} failed outside any block: ${error.message}`, { cause: error });
}
