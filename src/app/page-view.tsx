/** One page: its blocks, and its head tags, which the dev server's page sets in the browser (the server writes them into the HTML). */
import { useEffect, useMemo } from 'react';
import { PagePicturesContext } from '../kit/picture';
import { RenderBlocks } from '../render/render-blocks';
import { pagePictures } from '../render/island-tree';
import { applyHead } from '../model/head-tags';
import type { PageRouteAnswer } from '../model/route-answer';
import { pageHead } from './page-head';

/** `answer`: what the path shows, with what the page's blocks add to its head from their loaders' data. */
export function PageView({ answer, path }: { answer: PageRouteAnswer; path: string }) {
  const { document, notFound, head } = answer;
  useEffect(() => {
    applyHead(pageHead({ page: document, path, notFound, contribution: head }));
  }, [document, path, notFound, head]);
  const pictures = useMemo(() => pagePictures(document), [document]);
  return (
    <PagePicturesContext.Provider value={pictures}>
      <RenderBlocks blocks={document.blocks} />
    </PagePicturesContext.Provider>
  );
}
