/** The site: header, the page for the current path (or the 404 page), footer. */
import { Suspense, use, useEffect } from 'react';
import { Redirect, Router, useLocation } from 'wouter';
import { BlockEnvironment } from '../kit/block-environment';
import { BlockFrame } from '../render/render-blocks';
import { site } from '../model/site';
import type { RouteLoader } from './route-loader';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading, PageView } from './page-view';
import { useNavigationReset } from './use-navigation-reset';

/** `routes`: where the app gets what a path shows, with what its blocks' loaders found. */
export function App({ ssrPath, routes }: { ssrPath?: string; routes: RouteLoader }) {
  return (
    <Router {...(ssrPath !== undefined ? { ssrPath } : {})}>
      <SiteShell routes={routes} />
    </Router>
  );
}

function SiteShell({ routes }: { routes: RouteLoader }) {
  const [location] = useLocation();
  useNavigationReset(location);
  // Marks the moment the page is interactive (tests wait for it; CSS may use it for JS-only touches).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <BlockEnvironment settings={site.settings} route={{ path: location, params: {} }}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <BlockFrame entry={site.layout.header} />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary key={location}>
          <Suspense fallback={<PageLoading />}>
            <RouteView routes={routes} path={location} />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <BlockFrame entry={site.layout.footer} />
    </BlockEnvironment>
  );
}

function RouteView({ routes, path }: { routes: RouteLoader; path: string }) {
  const route = use(routes.load(path));
  if (route.kind === 'redirect') return <Redirect to={route.to} replace />;
  return (
    <BlockEnvironment settings={site.settings} route={{ path, params: route.params }} data={route.data}>
      <PageView page={route.page} path={path} notFound={route.notFound} head={route.head} />
    </BlockEnvironment>
  );
}
