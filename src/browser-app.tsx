/**
 * The dev server's page (src/boot.ts imports it under import.meta.env.DEV only): the whole page rendered in the
 * browser, from the page documents as modules (src/app/page-documents.ts), so an edit reloads at once and an error
 * reaches Vite's overlay. Links are plain page loads here as in production. The block gallery starts here too (the
 * editor's preview frame starts from src/boot.ts). The production build runs the island runtime instead (src/render/start-islands.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadBlocks } from './app/preload-blocks';
import { answerWithData } from './app/page-documents';
import { showLoadFailure } from './app/load-failure';

const container = document.getElementById('root')!;
const path = window.location.pathname;

if (path === '/__blocks') {
  const { mountBlockGallery } = await import('./app/block-gallery');
  mountBlockGallery(container);
} else {
  // A content file changed on disk (scripts/vite/content-reload-plugin.ts): show it.
  import.meta.hot?.on('content:changed', () => window.location.reload());
  // Everything the first render needs is loaded first, so the page renders in one go.
  const route = await answerWithData(path, { report: (message) => console.warn(message) })
    .then(async (answer) => {
      if (answer.kind === 'page') await preloadBlocks(answer.document.blocks);
      return answer;
    })
    .catch((error: unknown) => {
      showLoadFailure(container, error); // a page document that fails to load (one with a syntax error)
      return null;
    });
  if (route?.kind === 'redirect') {
    window.location.replace(route.to + window.location.search + window.location.hash);
  } else if (route) {
    createRoot(container).render(
      <StrictMode>
        <App path={path} answer={route} />
      </StrictMode>,
    );
  }
}
