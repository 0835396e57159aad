/**
 * Hydrates one island (src/render/start-islands.ts imports this only when the page has one): its block entry and
 * environment come from the page's embedded answer, its settings from the site. A page the server rendered for
 * its own path is hydrated; a route's shell or the 404 page (rendered for a pattern, not the visitor's path) is
 * rendered afresh over the server HTML, with the parameters of the visitor's path.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { routePatterns } from 'virtual:route-patterns';
import { EMBEDDED_ANSWER_ID, readEmbeddedAnswer } from '../model/embedded-answer';
import type { BuiltPage } from '../model/route-answer';
import { matchPattern } from '../model/routes';
import { loadBlockModule } from './block-modules';
import { IslandTree, islandEntry, islandKeyOf, pagePictures, type IslandEnvironment } from './island-tree';

interface PageIslands {
  document: BuiltPage;
  environment: IslandEnvironment;
  /** Whether the server HTML was rendered for this very path (else it is rendered afresh). */
  hydratable: boolean;
}

let page: PageIslands | undefined;

function readPage(): PageIslands {
  const answer = readEmbeddedAnswer();
  const here = window.location.pathname;
  const hydratable = answer.path !== null;
  const pattern = routePatterns.find((r) => r.page === answer.page)?.path;
  const params = hydratable ? answer.params : ((pattern ? matchPattern(pattern, here) : null) ?? {});
  const environment = { route: { path: answer.path ?? here, params }, data: answer.data ?? {}, pictures: pagePictures(answer.document) };
  return { document: answer.document, environment, hydratable };
}

export async function hydrateIsland(root: HTMLElement): Promise<void> {
  page ??= readPage();
  const key = islandKeyOf(root);
  const entry = islandEntry(key, page.document.blocks);
  if (!entry || entry.type !== root.dataset.block) {
    console.error(`The island "${root.dataset.block}" names ${key || 'no entry'}, which the page's embedded answer (#${EMBEDDED_ANSWER_ID}) does not hold; it keeps its server HTML. Build the site again so the page and its answer agree.`);
    return;
  }
  // Loaded before the first render, so the block's lazy component resolves at once and hydration never suspends.
  await loadBlockModule(entry.type);
  const { environment, hydratable } = page;
  await new Promise<void>((resolve) => {
    const tree = (
      <StrictMode>
        <IslandTree entry={entry} environment={environment} onRendered={resolve} />
      </StrictMode>
    );
    if (hydratable) hydrateRoot(root, tree);
    else createRoot(root).render(tree);
  });
  root.setAttribute('data-hydrated', '');
}
