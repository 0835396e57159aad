/**
 * The browser's source of route answers: the production build asks the server, which alone has the route
 * table; the dev server resolves in the page with the page modules, so edits reload and errors reach Vite's
 * overlay. import.meta.env.DEV is false in the production build, which drops the second branch.
 */
import type { RouteAnswer } from '../model/route-answer';
import { fetchRouteAnswer } from './fetch-route-answer';

export const browserRouteAnswer: (path: string) => Promise<RouteAnswer> = import.meta.env.DEV
  ? (path) => import('./page-documents').then((m) => m.serverRouteAnswer(path))
  : fetchRouteAnswer;
