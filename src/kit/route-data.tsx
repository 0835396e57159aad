/**
 * What the loaders of a page's blocks found (the blog list, an article), keyed like the blocks' hooks key them.
 * It comes with the page's answer (the HTML carries the first one), so hydration renders exactly what the
 * server rendered and the browser does not fetch it again.
 */
import { createContext, useContext } from 'react';
import type { RouteData } from '../model/route-answer';

export type { RouteData };

export const RouteDataContext = createContext<RouteData>({});

export function useRouteData(): RouteData {
  return useContext(RouteDataContext);
}
