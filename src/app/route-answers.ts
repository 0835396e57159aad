/**
 * The browser's source of route answers. The first page's answer is in its HTML (src/model/embedded-answer.ts),
 * so the first load asks nothing. Each navigation after it: the production build asks the server (NAVIGATION_ANSWER_PATH),
 * which alone has the route table and runs the loaders; the dev server makes the answer in the page, with the
 * page modules and the loaders, so edits reload and errors reach Vite's overlay. import.meta.env.DEV is false in
 * the production build, which drops that branch.
 */
import type { RouteAnswer } from '../model/route-answer';
import { fetchRouteAnswer } from './fetch-route-answer';

const navigationAnswer: (path: string) => Promise<RouteAnswer> = import.meta.env.DEV
  ? (path) => import('./page-documents').then((m) => m.answerWithData(path, { report: (message) => console.warn(message) }))
  : fetchRouteAnswer;

/** `first`: the answer the page carries for `firstPath`, used once. */
export function browserRouteAnswers(firstPath: string, first: RouteAnswer | null): (path: string) => Promise<RouteAnswer> {
  let embedded = first;
  return (path) => {
    if (embedded && path === firstPath) {
      const answer = embedded;
      embedded = null;
      return Promise.resolve(answer);
    }
    return navigationAnswer(path);
  };
}
