/** The current path and route parameters, so blocks need not import the router. */
import { createContext, useContext } from 'react';

export interface RouteInfo {
  path: string;
  params: Record<string, string>;
}

export const RouteContext = createContext<RouteInfo>({ path: '/', params: {} });

export function useRoute(): RouteInfo {
  return useContext(RouteContext);
}
