/**
 * The build's output, as a contract between the build (scripts/build.ts, scripts/prerender.ts) and the
 * production server (server/): where each route's HTML lies, how a page template is filled, and what the
 * render bundle (dist-server/render/entry-server.js) offers. Written once here; both sides import it.
 * A host needs dist/ and dist-server/ (with package.json and package-lock.json for its dependencies).
 */
import type { SiteConfig } from '../generated/pages-json';
import type { PageRouteAnswer } from './route-answer';
import { isDynamicPattern } from './routes';

export const distLayout = {
  /** The client build: assets, prerendered pages, the 404 page, sitemap.xml, robots.txt. */
  clientDir: 'dist',
  /** The compiled production server: main.js (run by scripts/start.mjs and hosts), the render bundle and the sample articles. */
  serverDir: 'dist-server',
  /** The render bundle (src/entry-server.tsx compiled) and the templates of the pages rendered on request. */
  renderDir: 'dist-server/render',
  renderEntry: 'entry-server.js',
  /** One `<page>.json` per page document, as the browser and the render bundle get it (src/model/route-answer.ts BuiltPage). */
  pagesDir: 'dist-server/pages',
  /** The embedded API's sample articles, copied from server/api/sample-blogs. */
  samplesDir: 'dist-server/sample-blogs',
  /** Under renderDir: one `<page>.html` per page rendered on request, with the head and body markers. */
  templatesDir: 'templates',
  /** Under clientDir: one `<page>.html` per dynamic route, its prerendered shell. Never served by its own name. */
  shellsDir: '_shells',
  notFoundFile: '404.html',
  /** A bookkeeping file of the build; dot files are never served. */
  buildStamp: '.build-stamp',
} as const;

/** The HTML file, relative to clientDir with "/" separators, that a route pattern is prerendered to. */
export function htmlFileFor(pattern: string, page: string): string {
  if (isDynamicPattern(pattern)) return `${distLayout.shellsDir}/${page}.html`;
  return pattern === '/' ? 'index.html' : `${pattern.slice(1)}/index.html`;
}

/** Files of these kinds get .br and .gz siblings at build time, and are compressed by the server otherwise. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.map', '.xml', '.txt', '.webmanifest']);

export const HEAD_MARKER = '<!--app-head-->';
export const HTML_MARKER = '<!--app-html-->';

/** Put a page's head tags and markup into the page template. */
export function fillTemplate(template: string, head: string, html: string): string {
  // Replacer functions: a "$&" or "$'" in the content must stay text, not become a replacement pattern.
  return template.replace(HEAD_MARKER, () => head).replace(HTML_MARKER, () => html);
}

/** Add tags to the head of a template, keeping its marker for the page's own head tags. */
export function withHeadTags(template: string, tags: string): string {
  return template.replace(HEAD_MARKER, () => `${HEAD_MARKER}\n    ${tags}`);
}

/** A page's browser source files (as in Vite's manifest): what starts with the page, and what each island waits for. */
export interface BrowserSourceFiles {
  /** What the loader preloads when the page starts. */
  atStart: string[];
  /** By island block type, what hydrating one of its islands needs (the hydrator and its component). */
  byIsland: Record<string, string[]>;
}

export interface RenderedRoute {
  html: string;
  head: string;
  /** What the page shows, as its HTML carries it; `answer.page` names the page document. */
  answer: PageRouteAnswer;
  status: 200 | 404;
  /** Source files (as in Vite's manifest) this page needs besides the app (src/render/browser-source-files.ts). */
  sourceFiles: BrowserSourceFiles;
  /** The page renders on request (src/app/request-answer.ts): the server renders it again, with its blocks' data, into the template the build keeps. */
  rendersOnRequest: boolean;
}

export type RequestRender =
  /** The page's markup and head; the head carries the page's answer (embedded-answer.ts). */
  | { kind: 'rendered'; html: string; head: string }
  /** No block of the page loads data: serve its prerendered HTML. */
  | { kind: 'prerendered' }
  /** A loader found nothing to show (no such article): serve the prerendered page with status 404 (its blocks say so in the browser). */
  | { kind: 'missing' };

/** A path as the server resolved it to a page: the path, the page document it shows and its route parameters. */
export type RouteTarget = Pick<PageRouteAnswer, 'page' | 'params'> & { path: string };

export interface RequestContext {
  timeoutMs: number;
  /** The fetch for the API: the server's, which answers from its cache, in-process when the API is the embedded one. */
  fetch: typeof fetch;
  /** Reports a failure of a service the loaders ask, in one line, to the server's log. */
  report: (message: string) => void;
}

/** A generated document (sitemap.xml, the feed). */
export interface DocumentRender {
  body: string;
  contentType: string;
}

/** What dist-server/render/entry-server.js exports (src/entry-server.tsx). */
export interface ServerBundle {
  /** The whole of pages.json (src/model/site-config.ts), as the build saw it. */
  siteConfig: SiteConfig;
  /** Where the page documents the build wrote lie (distLayout.pagesDir): call once, before rendering. */
  readPagesFrom(dir: string): void;
  /** Render a path; a dynamic pattern ("/blogs/:slug") renders the route's shell. */
  renderRoute(path: string): Promise<RenderedRoute>;
  /**
   * Render a resolved path with what its loaders find, or say that its page renders nothing on request (it is
   * served as prerendered): the one answer to that question (src/app/request-answer.ts). Throws the service's
   * error (the blog's ApiError) when a loader fails.
   */
  renderOnRequest(target: RouteTarget, context: RequestContext): Promise<RequestRender>;
  /** The sitemap or a block's document (the feed) at `path`; null for any other path. Throws when the blog service fails. */
  renderDocument(path: string, context: RequestContext): Promise<DocumentRender | null>;
}
