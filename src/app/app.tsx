/** The whole site for one path: header, the page (or the 404 page), footer. The server renders it; the dev server renders it in the browser. */
import { Suspense, useEffect } from 'react';
import { BlockEnvironment } from '../kit/block-environment';
import { BlockFrame } from '../render/render-blocks';
import { site } from '../model/site';
import type { PageRouteAnswer } from '../model/route-answer';
import { PageErrorBoundary } from './page-error-boundary';
import { PageView } from './page-view';

/** `answer`: what the path shows, with what its blocks' loaders found; its block modules are loaded (preload-blocks.ts). */
export function App({ path, answer }: { path: string; answer: PageRouteAnswer }) {
  // In the dev server, the moment the page is rendered (tests wait for it; the production build's island runtime sets it there).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <BlockEnvironment settings={site.settings} route={{ path, params: {} }}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <BlockFrame entry={site.layout.header} />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary>
          {/* Nothing here suspends (each block has its own boundary); its markers are in every prerendered page. */}
          <Suspense>
            <BlockEnvironment settings={site.settings} route={{ path, params: answer.params }} data={answer.data}>
              <PageView answer={answer} path={path} />
            </BlockEnvironment>
          </Suspense>
        </PageErrorBoundary>
      </main>
      <BlockFrame entry={site.layout.footer} />
    </BlockEnvironment>
  );
}
