/** The site: header, the page for the current path (or the 404 page), footer. */
import { Suspense, use, useEffect } from 'react';
import { Redirect, Router, useLocation } from 'wouter';
import { BlockEnvironment } from '../kit/block-environment';
import type { RouteData } from '../kit/route-data';
import { BlockFrame } from '../render/render-blocks';
import { site } from '../model/site';
import type { RouteLoader } from './route-loader';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading, PageView } from './page-view';
import { useNavigationReset } from './use-navigation-reset';

const NO_DATA: RouteData = {};

/** `routes`: where the app gets what a path shows; `data`: the answers the server rendered the first page with (src/kit/route-data.tsx). */
export function App({ ssrPath, routes, data = NO_DATA }: { ssrPath?: string; routes: RouteLoader; data?: RouteData }) {
  return (
    <Router {...(ssrPath !== undefined ? { ssrPath } : {})}>
      <SiteShell routes={routes} data={data} />
    </Router>
  );
}

function SiteShell({ routes, data }: { routes: RouteLoader; data: RouteData }) {
  const [location] = useLocation();
  useNavigationReset(location);
  // Marks the moment the page is interactive (tests wait for it; CSS may use it for JS-only touches).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <BlockEnvironment settings={site.settings} route={{ path: location, params: {} }} data={data}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <BlockFrame entry={site.layout.header} />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary key={location}>
          <Suspense fallback={<PageLoading />}>
            <RouteView routes={routes} path={location} data={data} />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <BlockFrame entry={site.layout.footer} />
    </BlockEnvironment>
  );
}

function RouteView({ routes, path, data }: { routes: RouteLoader; path: string; data: RouteData }) {
  const route = use(routes.load(path));
  if (route.kind === 'redirect') return <Redirect to={route.to} replace />;
  // The route's own data (rendered on request), else the data the first page came with.
  const pageData = Object.keys(route.data).length > 0 ? route.data : data;
  return (
    <BlockEnvironment settings={site.settings} route={{ path, params: route.params }} data={pageData}>
      <PageView page={route.page} path={path} notFound={route.notFound} head={route.head} />
    </BlockEnvironment>
  );
}
