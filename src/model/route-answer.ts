/**
 * What a path shows, with the document it needs and what its blocks' loaders found: one answer, from the server
 * to the browser. A page's HTML carries it (embedded-answer.ts), and the page's islands hydrate from it; the dev
 * server makes it in the page. Every navigation is a page load, so there is no other way it travels. Page
 * documents travel as data, never as JavaScript modules, so editing one changes no bundle and a page's
 * JavaScript does not grow with the number of pages.
 */
import type { BlockEntry } from './block-entry';
import type { HeadContribution } from './head-tags';
import type { PictureSet } from './picture-set';
import { resolvePath, type RouteTable } from './routes';

/** A page document as the build writes it (dist-server/pages/<name>.json): defaults filled, fragments expanded. */
export interface BuiltPage {
  title: string;
  description: string;
  blocks: BlockEntry[];
  /** The variants of each raster picture the blocks name, by its path ("/images/team.jpg"); the build makes them. */
  pictures?: Record<string, PictureSet>;
  /** The picture likely above the fold: it loads at once, with fetchpriority="high". */
  priorityPicture?: string;
}

/** What the loaders of a page's blocks found, keyed as the blocks read it (src/kit/route-data.tsx). */
export type RouteData = Record<string, unknown>;

/** What a path shows, when it is a page: the page, the path answered, its route parameters and its document. */
export interface PageRouteAnswer {
  kind: 'page';
  /** The path answered; null for the shell of a dynamic route and the 404 page, which answer for any path they are served at. */
  path: string | null;
  page: string;
  params: Record<string, string>;
  /** The 404 page, shown for a path no route matches. */
  notFound: boolean;
  document: BuiltPage;
  /** What the page's loaders found; absent when it has none, or they have not run (the prerender). */
  data?: RouteData;
  /** What the page's blocks add to its head, from that data. */
  head?: HeadContribution;
}

export type RouteAnswer = PageRouteAnswer | { kind: 'redirect'; to: string };

export interface SiteRoutes extends RouteTable {
  notFoundPage: string;
}

/** Where a path leads: a redirect, or the page (the 404 page for an unknown path) with its route parameters. */
export function routeHead(table: SiteRoutes, path: string): Exclude<RouteAnswer, PageRouteAnswer> | Omit<PageRouteAnswer, 'document'> {
  const resolution = resolvePath(table, path);
  if (resolution.kind === 'redirect') return resolution;
  if (resolution.kind === 'not-found') return { kind: 'page', path: null, page: table.notFoundPage, params: {}, notFound: true };
  return { kind: 'page', path, page: resolution.page, params: resolution.params, notFound: false };
}

export async function answerRoute(table: SiteRoutes, path: string, read: (page: string) => Promise<BuiltPage>): Promise<RouteAnswer> {
  const head = routeHead(table, path);
  return head.kind === 'redirect' ? head : { ...head, document: await read(head.page) };
}
