/** Server entry, used by scripts/prerender.ts: render one path to HTML with its head tags. */
import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { App } from './app/app';
import { buildHead, headToHtml } from './app/head';
import { jsonLdTag, organizationData } from './app/structured-data';
import { loadLayout, loadPage, pageSourceFiles } from './app/page-loader';
import { site } from './app/site';
import { resolvePath } from './content/routes';
import type { BlockEntry } from './content/block-entry';
import { RouteContext } from './lib/route-context';
import { SiteSettingsProvider } from './lib/site-settings';
import { BlockFrame } from './render/render-blocks';

export { site };

export interface RenderedRoute {
  html: string;
  head: string;
  status: 200 | 404;
  /** Source files (as in Vite's manifest) this page needs: page document and block components. */
  sourceFiles: string[];
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
export async function renderRoute(path: string): Promise<RenderedRoute> {
  const resolution = resolvePath(site, path);
  if (resolution.kind === 'redirect') throw new Error(`${path} is a redirect to ${resolution.to}; the server answers it, nothing to prerender.`);
  const notFound = resolution.kind === 'not-found';
  const [, page] = await Promise.all([loadLayout(), loadPage(notFound ? site.notFoundPage : resolution.page)]);
  const { html, errors } = await renderToHtml(<App ssrPath={path} />);
  if (errors.length > 0) throw await describeFailure(path, page.name, page.blocks, errors[0]);
  const isShell = !notFound && path.includes('/:');
  const head = buildHead({ title: page.title, description: page.description, path: notFound || isShell ? null : path, noindex: notFound, settings: site.settings });
  const layoutFiles = [site.layout.header, site.layout.footer].map((b) => `blocks/${b.type}/${b.type}.tsx`);
  // Search engines read the organisation's details from the home page.
  const headHtml = path === '/' ? `${headToHtml(head)}\n    ${jsonLdTag(organizationData(site.settings))}` : headToHtml(head);
  return { html, head: headHtml, status: notFound ? 404 : 200, sourceFiles: [...new Set([...pageSourceFiles(page), ...layoutFiles])] };
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
        <SiteSettingsProvider settings={site.settings}>
          <RouteContext.Provider value={{ path, params: {} }}>
            <BlockFrame entry={entry} />
          </RouteContext.Provider>
        </SiteSettingsProvider>
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
