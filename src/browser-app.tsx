/** The app, started by src/boot.ts: load the current page's blocks (its content is in the HTML), then hydrate the server's HTML. */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createRouteLoader, loadLayout } from './app/route-loader';
import { browserRouteAnswers } from './app/route-answers';
import { readEmbeddedAnswer } from './model/embedded-answer';
import { setLinkPrefetcher } from './kit/link-prefetch';
import { showLoadFailure } from './app/load-failure';

const container = document.getElementById('root')!;
const firstPath = window.location.pathname;
const routes = createRouteLoader(browserRouteAnswers(firstPath, readEmbeddedAnswer(firstPath)));

// A failed warm-up is retried by the navigation itself, which reports the failure.
setLinkPrefetcher((path) => void routes.load(path).catch(() => {}));

// The block gallery and the editor's preview frame are dev-server tools: the production build drops these branches and never bundles them.
if (import.meta.env.DEV && window.location.pathname === '/__blocks') {
  const { mountBlockGallery } = await import('./app/block-gallery');
  mountBlockGallery(container);
} else if (import.meta.env.DEV && window.location.pathname === '/__edit/preview') {
  // The editor's preview frame (src/editor/preview-protocol.ts names this path).
  const { mountPreview } = await import('./editor/preview-frame');
  mountPreview(container);
} else {
  // A content file changed on disk (scripts/vite/content-reload-plugin.ts): show it.
  import.meta.hot?.on('content:changed', () => window.location.reload());
  // Everything the first render needs is loaded first, so hydration matches the server HTML exactly.
  const first = await Promise.all([loadLayout(), routes.load(firstPath)]).then(
    ([, route]) => route,
    (error: unknown) => {
      showLoadFailure(container, error); // a page document that fails to load (in dev: one with a syntax error)
      return null;
    },
  );
  if (first?.kind === 'redirect') {
    window.location.replace(first.to + window.location.search + window.location.hash);
  } else if (first) {
    const app = (
      <StrictMode>
        <App routes={routes} />
      </StrictMode>
    );
    // The dev server sends an empty shell; the production build sends prerendered HTML.
    if (container.firstElementChild) hydrateRoot(container, app);
    else createRoot(container).render(app);
  }
}
