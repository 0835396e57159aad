/** The site: header, the page for the current path (or the 404 page), footer. */
import { Suspense, useEffect } from 'react';
import { Redirect, Router, useLocation } from 'wouter';
import { resolvePath } from '../model/routes';
import { BlockEnvironment } from '../kit/block-environment';
import type { RouteData } from '../kit/route-data';
import { setLinkPrefetcher } from '../kit/link-prefetch';
import { loadPage } from './page-loader';
import { BlockFrame } from '../render/render-blocks';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading, PageView } from './page-view';
import { site } from '../model/site';
import { useNavigationReset } from './use-navigation-reset';

setLinkPrefetcher((path) => {
  const target = resolvePath(site, path);
  // A failed warm-up is retried by the navigation itself, which reports the failure.
  if (target.kind === 'page') loadPage(target.page).catch(() => {});
});

const NO_DATA: RouteData = {};

/** `data`: the answers the server rendered the first page with (src/kit/route-data.tsx). */
export function App({ ssrPath, data = NO_DATA }: { ssrPath?: string; data?: RouteData }) {
  return (
    <Router {...(ssrPath !== undefined ? { ssrPath } : {})}>
      <SiteShell data={data} />
    </Router>
  );
}

function SiteShell({ data }: { data: RouteData }) {
  const [location] = useLocation();
  useNavigationReset(location);
  // Marks the moment the page is interactive (tests wait for it; CSS may use it for JS-only touches).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  const resolution = resolvePath(site, location);
  if (resolution.kind === 'redirect') return <Redirect to={resolution.to} replace />;
  const notFound = resolution.kind === 'not-found';
  const pageName = notFound ? site.notFoundPage : resolution.page;
  return (
    <BlockEnvironment settings={site.settings} route={{ path: location, params: notFound ? {} : resolution.params }} data={data}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <BlockFrame entry={site.layout.header} />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary key={pageName}>
          <Suspense fallback={<PageLoading />}>
            <PageView name={pageName} path={location} notFound={notFound} />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <BlockFrame entry={site.layout.footer} />
    </BlockEnvironment>
  );
}
