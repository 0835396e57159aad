/** The browser's navigations in the production build: the server answers what a path shows (NAVIGATION_ANSWER_PATH). */
import { navigationAnswerUrl, type RouteAnswer } from '../model/route-answer';

export async function fetchRouteAnswer(path: string): Promise<RouteAnswer> {
  let response: Response;
  try {
    // A plain GET: the browser may keep it like any other, and the server answers 304 while it is current.
    response = await fetch(navigationAnswerUrl(path));
  } catch {
    throw new Error(`The page ${path} could not be loaded: the connection failed. Check your connection and try again.`);
  }
  // 404 comes with the 404 page's document: the path is unknown, the answer is not.
  if (!response.ok && response.status !== 404) {
    throw new Error(`The page ${path} could not be loaded: the server answered ${response.status}. Please try again in a moment.`);
  }
  try {
    return (await response.json()) as RouteAnswer;
  } catch {
    throw new Error(`The page ${path} could not be loaded: the server's answer was cut short. Please try again.`);
  }
}
