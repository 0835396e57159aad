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

/**
 * The answer the page carries, for its islands to hydrate from. A page without one, or with one that is not a
 * page's, comes from a broken build: that throws, saying so.
 */
export function readEmbeddedAnswer(doc: Document = document): PageRouteAnswer {
  const where = `The page's embedded answer (#${EMBEDDED_ANSWER_ID})`;
  const text = doc.getElementById(EMBEDDED_ANSWER_ID)?.textContent;
  if (!text) throw new Error(`${where} is missing, so its islands cannot hydrate. Build the site again.`);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not valid JSON (${(error as Error).message}). Build the site again.`);
  }
  const kind = typeof answer === 'object' && answer !== null ? (answer as { kind?: unknown }).kind : undefined;
  if (kind !== 'page') throw new Error(`${where} is ${kind === undefined ? 'not an answer' : `a ${String(kind)}`}, not a page. Build the site again.`);
  return answer as PageRouteAnswer;
}
