/**
 * Answers the server fetched for a page's first render (the blog list, an article), keyed like the blog
 * hooks key them. The page carries them in a JSON script tag, so hydration renders exactly what the server
 * rendered and the browser does not fetch them again.
 */
import { createContext, useContext } from 'react';
import type { RouteData } from '../model/route-answer';
import { scriptJson } from '../model/script-json';

export type { RouteData };

export const ROUTE_DATA_ID = 'route-data';

export const RouteDataContext = createContext<RouteData>({});

export function useRouteData(): RouteData {
  return useContext(RouteDataContext);
}

/** The tag for <head>: a data block, escaped so no string in the data can close it (src/model/script-json.ts). */
export function routeDataTag(data: RouteData): string {
  return `<script type="application/json" id="${ROUTE_DATA_ID}">${scriptJson(data)}</script>`;
}

/** The data the server put into the page; {} when there is none or it cannot be read (the hooks then fetch). */
export function readRouteData(doc: Document = document): RouteData {
  const text = doc.getElementById(ROUTE_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as RouteData) : {};
  } catch {
    return {};
  }
}
