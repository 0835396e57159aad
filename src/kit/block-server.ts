/**
 * A block's server side, `blocks/<type>/<type>.server.ts`: what its page needs loaded before it is rendered,
 * and what the block adds to the page's head. A page renders on request exactly when a block on it has a
 * loader (src/render/page-loaders.ts); gen:types lists the modules in src/generated/server-registry.ts.
 * Server modules run on the server (and, in the dev server, in the page): never in the production browser bundle.
 */
import type { BlockPropsMap } from '../generated/block-props';
import type { DocumentRender } from '../model/dist-layout';
import type { HeadContribution } from '../model/head-tags';
import type { BuiltPage, RouteData } from '../model/route-answer';
import type { SitemapEntry } from '../model/sitemap';
import type { RouteInfo } from './route-context';

export interface LoadContext {
  /** The fetch for the API: the server's, answering from its cache (and in-process when the API is the embedded one). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Reports a failure, in one line, to the server's log. */
  report: (message: string) => void;
}

/** What a loader found: the data its block renders with, or nothing to show (the page answers 404). */
export type Loaded = { kind: 'loaded'; data: RouteData } | { kind: 'missing' };

/** What generated documents (the sitemap, a feed) may ask besides the API. */
export interface DocumentContext extends LoadContext {
  readPage: (name: string) => Promise<BuiltPage>;
}

export interface BlockServerModule<P> {
  /** Loads what the block shows. Throws when the service it asks fails: the page is then served prerendered. */
  loadData(props: P, route: RouteInfo, context: LoadContext): Promise<Loaded>;
  /**
   * Whether the block rendered with this data is final: nothing the browser could do would change it (an article
   * the server had, with its neighbours). The page then ships it without its React, as a static block (its
   * enhance module, if it has one, adds what it needs); otherwise it is an island, as its "x-hydrate" says.
   */
  finalWith?(data: RouteData, route: RouteInfo): boolean;
  /** What the block adds to its page's head, from the data its loader found. */
  head?(data: RouteData, route: RouteInfo): HeadContribution;
  /** Paths the block's data adds to sitemap.xml (the articles). */
  sitemapEntries?(context: DocumentContext): Promise<SitemapEntry[]>;
  /** A document the block's data makes (a feed) at `path`; null for any other path. */
  renderDocument?(path: string, context: DocumentContext): Promise<DocumentRender | null>;
  /** Where the dev-only block gallery shows the block, when it needs a real route (an article needs a slug); null when there is none. */
  exampleRoute?(context: LoadContext): Promise<RouteInfo | null>;
}

export type ServerRegistry = { [T in keyof BlockPropsMap]?: BlockServerModule<BlockPropsMap[T]> };
