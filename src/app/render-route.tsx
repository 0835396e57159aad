/**
 * Render one path to HTML with its head tags: at build time for every page (scripts/prerender.ts), and on
 * request, with the data its blocks' loaders found, for the pages that have such blocks (src/app/request-answer.ts).
 */
import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import type { RenderedRoute, RequestContext, RequestRender, RouteTarget } from '../model/dist-layout';
import type { BlockEntry } from '../model/block-entry';
import { isDynamicPattern } from '../model/routes';
import { site } from '../model/site';
import { BlockEnvironment } from '../kit/block-environment';
import { BlockFrame, ServerIslandsContext, type ServerIsland } from '../render/render-blocks';
import { App } from './app';
import { headToHtml } from '../model/head-tags';
import { pageHead } from './page-head';
import { preloadBlocks } from './preload-blocks';
import { answerOnRequest, rendersOnRequest } from './request-answer';
import { rendersFinal } from '../render/page-loaders';
import { browserSourceFiles } from '../render/browser-source-files';
import { IslandTree, islandEntries, pagePictures, type IslandEnvironment } from '../render/island-tree';
import { readPageDocument, serverRouteAnswer } from './page-documents';
import type { PageRouteAnswer } from '../model/route-answer';
import { embeddedAnswerTag } from '../model/embedded-answer';
import { jsonLdTag, organizationData } from './structured-data';

export class BlockRenderError extends Error {}

async function renderToHtml(node: ReactNode): Promise<{ html: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  // Without an unlimited chunk size React moves everything past ~12.8 kB of HTML into hidden templates that
  // inline scripts ($RC) reveal: blocked by the CSP, invisible without JavaScript.
  const { prelude } = await prerender(node, { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY });
  return { html: await new Response(prelude).text(), errors };
}

/**
 * Render a path. `path` may be a dynamic pattern ("/blogs/:slug"): that renders the route's shell. `answer` is
 * what the path shows when the caller has it already, with its loaded data; otherwise the path is resolved here.
 */
export async function renderRoute(path: string, answer?: PageRouteAnswer): Promise<RenderedRoute> {
  const route = answer ?? (await serverRouteAnswer(path));
  if (route.kind === 'redirect') throw new Error(`${path} is a redirect to ${route.to}; the server answers it, nothing to prerender.`);
  const { document, notFound, data = {} } = route;
  await preloadBlocks(document.blocks);
  const islands = await renderIslands(document.blocks, { route: { path, params: route.params }, data, pictures: pagePictures(document) });
  const { html, errors } = await renderToHtml(
    <ServerIslandsContext.Provider value={islands.html}>
      <App path={path} answer={route} />
    </ServerIslandsContext.Provider>,
  );
  if (islands.errors.length > 0 || errors.length > 0) throw await describeFailure(path, route.page, document.blocks, islands.errors[0] ?? errors[0]);
  const isShell = !notFound && isDynamicPattern(path);
  const head = pageHead({ page: document, path: isShell ? null : path, notFound, contribution: route.head });
  // What the browser's islands hydrate from: the answer itself, which a shell and the 404 page give for any path.
  const embedded: PageRouteAnswer = { ...route, path: isShell || notFound ? null : path };
  // Search engines read the organisation's details from the home page, an article's from the article.
  const extraTags = [path === '/' && jsonLdTag(organizationData(site.settings)), route.head?.structuredData && jsonLdTag(route.head.structuredData), embeddedAnswerTag(embedded)].filter(Boolean);
  const headHtml = [headToHtml(head), ...extraTags].join('\n    ');
  return {
    html,
    head: headHtml,
    answer: embedded,
    status: notFound ? 404 : 200,
    sourceFiles: browserSourceFiles([site.layout.header, ...document.blocks, site.layout.footer]),
    rendersOnRequest: rendersOnRequest(route),
  };
}

/**
 * Each island of the page rendered as a root of its own, as the browser hydrates it (src/render/island-tree.tsx),
 * by its block entry, with the key its root carries; the page's render places the HTML in the island's root. A
 * block whose server module says its render is final with this data is no island on this page.
 */
async function renderIslands(blocks: readonly BlockEntry[], environment: IslandEnvironment): Promise<{ html: Map<BlockEntry, ServerIsland>; errors: unknown[] }> {
  const html = new Map<BlockEntry, ServerIsland>();
  const errors: unknown[] = [];
  for (const { key, entry } of islandEntries(blocks)) {
    // Final with what the server loaded: rendered in the page as a static block, so React never comes for it.
    if (rendersFinal(entry, environment.data, environment.route)) continue;
    const rendered = await renderToHtml(<IslandTree entry={entry} environment={environment} />);
    html.set(entry, { key, html: rendered.html });
    errors.push(...rendered.errors);
  }
  return { html, errors };
}

/**
 * Render a path the server has resolved, with what its blocks' loaders find; the page document is read once, and
 * request-answer.ts says whether the page renders on request at all. Throws the service's error when a loader
 * fails; the server then serves its last good render, or the prerendered page, whose blocks fetch in the browser.
 */
export async function renderOnRequest({ path, page, params }: RouteTarget, context: RequestContext): Promise<RequestRender> {
  const document = await readPageDocument(page);
  const onRequest = await answerOnRequest(path, { kind: 'page', path, page, params, notFound: false, document }, context);
  if (onRequest.kind !== 'loaded') return { kind: onRequest.kind };
  const rendered = await renderRoute(path, onRequest.answer);
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
      <BlockEnvironment settings={site.settings} route={{ path, params: {} }}>
        <BlockFrame entry={entry} />
      </BlockEnvironment>,
    );
    if (errors.length > 0) {
      const error = errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
      return new BlockRenderError(`${where} (${entry.type}${entry.id ? ` #${entry.id}` : ''}) threw while prerendering ${path}: ${error.message}`, { cause: error });
    }
  }
  const error = firstError instanceof Error ? firstError : new Error(String(firstError));
  return new BlockRenderError(`Prerendering ${path} failed outside any block: ${error.message}`, { cause: error });
}
