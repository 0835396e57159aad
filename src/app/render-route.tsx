/**
 * Render one path to HTML with its head tags: at build time for every page (scripts/prerender.ts), and on
 * request, with the blog answers, for the pages that show them (render-with-answers.ts).
 */
import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import type { RenderedRoute } from '../model/dist-layout';
import type { BlockEntry } from '../model/block-entry';
import { isDynamicPattern } from '../model/routes';
import { site } from '../model/site';
import { needsBlogData } from '../features/blog/blog-blocks';
import { BlockEnvironment } from '../kit/block-environment';
import { routeDataTag, type RouteData } from '../kit/route-data';
import { BlockFrame } from '../render/render-blocks';
import { App } from './app';
import { headToHtml, type ArticleHead } from './head';
import { pageHead } from './page-head';
import { createRouteLoader, loadLayout, pageSourceFiles } from './route-loader';
import { serverRouteAnswer } from './page-data-source';
import type { RouteAnswer } from '../model/route-answer';
import { jsonLdTag, organizationData } from './structured-data';

export interface RenderOptions {
  /** Answers the page is rendered with; they go into the page for hydration. */
  data?: RouteData;
  /** Title and description of this very page (an article's), in place of the page document's. */
  headText?: { title: string; description: string };
  /** An article's date and banner for link previews. */
  article?: ArticleHead;
  /** The page's own JSON-LD (an article's BlogPosting). */
  structuredData?: Record<string, unknown>;
  /** What the path shows, when the caller has it already (so the document is not read twice). */
  answer?: RouteAnswer;
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
export async function renderRoute(path: string, { data, headText, article, structuredData, answer }: RenderOptions = {}): Promise<RenderedRoute> {
  // One loader per render: the server keeps no page documents between renders, however many pages there are.
  const routes = createRouteLoader(answer ? async () => answer : serverRouteAnswer);
  const [, route] = await Promise.all([loadLayout(), routes.load(path)]);
  if (route.kind === 'redirect') throw new Error(`${path} is a redirect to ${route.to}; the server answers it, nothing to prerender.`);
  const { page, notFound } = route;
  const { html, errors } = await renderToHtml(<App ssrPath={path} routes={routes} {...(data ? { data } : {})} />);
  if (errors.length > 0) throw await describeFailure(path, page.name, page.blocks, errors[0]);
  const isShell = !notFound && isDynamicPattern(path);
  const head = pageHead({ page, path: isShell ? null : path, notFound, headText, article });
  const layoutFiles = [site.layout.header, site.layout.footer].map((b) => `blocks/${b.type}/${b.type}.tsx`);
  // Search engines read the organisation's details from the home page, an article's from the article.
  const extraTags = [path === '/' && jsonLdTag(organizationData(site.settings)), structuredData && jsonLdTag(structuredData), data && routeDataTag(data)].filter(Boolean);
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
