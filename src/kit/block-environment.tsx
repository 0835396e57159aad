/**
 * Everything a block may ask of its surroundings, provided in one place: the site settings, the current route
 * and the answers the page was rendered with. The app, the prerender, the block gallery and the tests all
 * wrap blocks in this, so no one builds the provider stack by hand.
 */
import type { ReactNode } from 'react';
import type { SiteSettings } from '../generated/pages-json';
import { RouteContext, type RouteInfo } from './route-context';
import { RouteDataContext, type RouteData } from './route-data';
import { SiteSettingsProvider } from './site-settings';

const HOME: RouteInfo = { path: '/', params: {} };
const NO_DATA: RouteData = {};

export interface BlockEnvironmentProps {
  settings: SiteSettings;
  /** The current path and its route parameters; the home page by default. */
  route?: RouteInfo;
  /** Answers the server rendered the page with (route-data.tsx); none by default. */
  data?: RouteData;
  children: ReactNode;
}

export function BlockEnvironment({ settings, route = HOME, data = NO_DATA, children }: BlockEnvironmentProps) {
  return (
    <SiteSettingsProvider settings={settings}>
      <RouteContext.Provider value={route}>
        <RouteDataContext.Provider value={data}>{children}</RouteDataContext.Provider>
      </RouteContext.Provider>
    </SiteSettingsProvider>
  );
}
