/** The whole site for one path: header, the page (or the 404 page), footer. The server renders it; the dev server renders it in the browser. */
import { Suspense, use, useEffect } from 'react';
import { BlockEnvironment } from '../kit/block-environment';
import { BlockFrame } from '../render/render-blocks';
import { site } from '../model/site';
import type { RouteLoader } from './route-loader';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading, PageView } from './page-view';

/** `routes`: where the app gets what the path shows, with what its blocks' loaders found. */
export function App({ path, routes }: { path: string; routes: RouteLoader }) {
  // In the dev server, the moment the page is rendered (tests wait for it; the production build's island runtime sets it there).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <BlockEnvironment settings={site.settings} route={{ path, params: {} }}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <BlockFrame entry={site.layout.header} island="layout:header" />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <RouteView routes={routes} path={path} />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <BlockFrame entry={site.layout.footer} island="layout:footer" />
    </BlockEnvironment>
  );
}

function RouteView({ routes, path }: { routes: RouteLoader; path: string }) {
  const route = use(routes.load(path));
  // A redirect never renders: the server answers it, and the dev server's page follows it before rendering.
  if (route.kind === 'redirect') return null;
  return (
    <BlockEnvironment settings={site.settings} route={{ path, params: route.params }} data={route.data}>
      <PageView answer={route} path={path} />
    </BlockEnvironment>
  );
}
