/**
 * Where the server side of the app (the prerender, rendering on request, the feed) reads page documents: in the
 * production build, the files the build wrote, through the reader the render bundle's host sets
 * (readPagesFrom in src/entry-server.tsx); in the dev server and the unit tests, the page modules (local-pages.ts).
 */
import type { LoadContext } from '../kit/block-server';
import { answerRoute, type BuiltPage, type RouteAnswer } from '../model/route-answer';
import { siteConfig } from '../model/site-config';
import { answerOnRequest } from './request-answer';

type PageReader = (name: string) => Promise<BuiltPage>;

const unset: PageReader = () => Promise.reject(new Error('The render bundle has no page documents to read: call readPagesFrom(dir) with dist-server/pages first (see src/entry-server.tsx).'));

// import.meta.env.DEV is false in the production build, which then drops local-pages.ts and every page module.
let reader: PageReader = import.meta.env.DEV ? (name) => import('./local-pages').then((m) => m.readLocalPage(name)) : unset;

export function setPageReader(read: PageReader): void {
  reader = read;
}

export function readPageDocument(name: string): Promise<BuiltPage> {
  return reader(name);
}

export function serverRouteAnswer(path: string): Promise<RouteAnswer> {
  return answerRoute(siteConfig, path, readPageDocument);
}

/**
 * What a path shows with what its blocks' loaders find, and its status, for the dev server: 404 for the 404 page and
 * for a page whose loaders find nothing (an unknown article), as the production server answers. A loader that fails,
 * or finds nothing, leaves its block to fetch in the browser and show its own state, as a prerendered page's would.
 */
export async function answerWithStatus(path: string, context: LoadContext): Promise<{ answer: RouteAnswer; status: 200 | 404 }> {
  const answer = await serverRouteAnswer(path);
  if (answer.kind === 'redirect') return { answer, status: 200 }; // the page follows it
  const onRequest = await answerOnRequest(path, answer, context).catch(() => null);
  if (!onRequest) return { answer, status: 200 };
  return { answer: onRequest.answer, status: answer.notFound || onRequest.kind === 'missing' ? 404 : 200 };
}

/** What a path shows with what its blocks' loaders find, for the dev server's page. */
export async function answerWithData(path: string, context: LoadContext): Promise<RouteAnswer> {
  return (await answerWithStatus(path, context)).answer;
}
