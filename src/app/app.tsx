/** The site: header, the page for the current path (or the 404 page), footer. */
import { Suspense, useEffect } from 'react';
import { Redirect, Router, useLocation } from 'wouter';
import { resolvePath } from '../model/routes';
import { RouteContext } from '../kit/route-context';
import { RouteDataContext, type RouteData } from '../features/blog/route-data';
import { SiteSettingsProvider } from '../kit/site-settings';
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

/** `data`: the answers the server rendered the first page with (src/lib/route-data.tsx). */
export function App({ ssrPath, data = NO_DATA }: { ssrPath?: string; data?: RouteData }) {
  return (
    <Router {...(ssrPath !== undefined ? { ssrPath } : {})}>
      <RouteDataContext.Provider value={data}>
        <SiteShell />
      </RouteDataContext.Provider>
    </Router>
  );
}

function SiteShell() {
  const [location] = useLocation();
  useNavigationReset(location);
  // Marks the moment the page is interactive (tests wait for it; CSS may use it for JS-only touches).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  const resolution = resolvePath(site, location);
  if (resolution.kind === 'redirect') return <Redirect to={resolution.to} replace />;
  const notFound = resolution.kind === 'not-found';
  const pageName = notFound ? site.notFoundPage : resolution.page;
  return (
    <SiteSettingsProvider settings={site.settings}>
      <RouteContext.Provider value={{ path: location, params: notFound ? {} : resolution.params }}>
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
      </RouteContext.Provider>
    </SiteSettingsProvider>
  );
}
