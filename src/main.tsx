/** The app, started by src/boot.ts: load the current page's content and blocks, then hydrate the prerendered HTML. */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadLayout, loadPage } from './app/page-loader';
import { site } from './model/site';
import { resolvePath } from './model/routes';
import { readRouteData } from './kit/route-data';
import { showLoadFailure } from './app/load-failure';

const container = document.getElementById('root')!;
const resolution = resolvePath(site, window.location.pathname);

// The block gallery is a dev-server tool: the production build drops this branch and never bundles it.
if (import.meta.env.DEV && window.location.pathname === '/__blocks') {
  const { mountBlockGallery } = await import('./app/block-gallery');
  mountBlockGallery(container);
} else if (resolution.kind === 'redirect') {
  window.location.replace(resolution.to + window.location.search + window.location.hash);
} else {
  // Everything the first render needs is loaded first, so hydration matches the server HTML exactly.
  const loaded = await Promise.all([loadLayout(), loadPage(resolution.kind === 'page' ? resolution.page : site.notFoundPage)]).then(
    () => true,
    (error: unknown) => {
      showLoadFailure(container, error); // a page document that fails to load (in dev: one with a syntax error)
      return false;
    },
  );
  if (loaded) {
    const app = (
      <StrictMode>
        <App data={readRouteData()} />
      </StrictMode>
    );
    // The dev server sends an empty shell; the production build sends prerendered HTML.
    if (container.firstElementChild) hydrateRoot(container, app);
    else createRoot(container).render(app);
  }
}
