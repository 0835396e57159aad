/**
 * Whether a page renders on request, decided here only, and what it shows when it does. The build asks it for
 * each page (a page that does gets a template, src/app/render-route.tsx), the render bundle's renderOnRequest
 * asks it for each request, and so does the dev server's page (page-documents.ts). The page document is read
 * once per answer.
 */
import type { LoadContext } from '../kit/block-server';
import type { PageRouteAnswer } from '../model/route-answer';
import { blocksLoadData, loadPageData } from '../render/page-loaders';

export type RequestAnswer =
  /** No block of the page loads data (or it is the 404 page): what the build prerendered is the page. */
  | { kind: 'prerendered'; answer: PageRouteAnswer }
  /** The page with what its blocks' loaders found, and what they add to its head. */
  | { kind: 'loaded'; answer: PageRouteAnswer }
  /** A loader found nothing to show (no such article): the page with status 404; its blocks say so in the browser. */
  | { kind: 'missing'; answer: PageRouteAnswer };

/** A page renders on request when a block on it loads data; the 404 page never does. */
export function rendersOnRequest(answer: PageRouteAnswer): boolean {
  return !answer.notFound && blocksLoadData(answer.document.blocks);
}

/** What the page `answer` shows at `path` on request. Throws when a loader does (its service failed). */
export async function answerOnRequest(path: string, answer: PageRouteAnswer, context: LoadContext): Promise<RequestAnswer> {
  if (!rendersOnRequest(answer)) return { kind: 'prerendered', answer };
  const loaded = await loadPageData(answer.document.blocks, { path, params: answer.params }, context);
  if (loaded.kind === 'missing') return { kind: 'missing', answer };
  return { kind: 'loaded', answer: { ...answer, data: loaded.data, head: loaded.head } };
}
