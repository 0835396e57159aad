/**
 * The page's own answer (route-answer.ts), carried in its HTML: the page document and what its loaders found.
 * The browser hydrates from it without asking the server or the API again. Escaped so no string in it can close
 * the element (script-json.ts); a data block, not a script, so the CSP needs no exception for it.
 */
import type { PageRouteAnswer, RouteAnswer } from './route-answer';
import { scriptJson } from './script-json';

export const EMBEDDED_ANSWER_ID = 'route-answer';

export function embeddedAnswerTag(answer: RouteAnswer): string {
  return `<script type="application/json" id="${EMBEDDED_ANSWER_ID}">${scriptJson(answer)}</script>`;
}

/** The answer the page carries, when it answers `path` (a 404 page or a shell answers for any path); else null. */
export function readEmbeddedAnswer(path: string, doc: Document = document): PageRouteAnswer | null {
  const text = doc.getElementById(EMBEDDED_ANSWER_ID)?.textContent;
  if (!text) return null;
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return null; // The browser then asks the server, as for any navigation.
  }
  if (typeof answer !== 'object' || answer === null || (answer as RouteAnswer).kind !== 'page') return null;
  const page = answer as PageRouteAnswer;
  // A shell serves every path of its route, but its parameters are the pattern's: only the 404 page answers any path as it is.
  return page.path === path || (page.path === null && page.notFound) ? page : null;
}
