/** One page: its blocks, and its head tags applied after every navigation. */
import { useEffect, useMemo } from 'react';
import { PagePicturesContext } from '../kit/picture';
import { RenderBlocks } from '../render/render-blocks';
import { pagePictures } from '../render/island-tree';
import { applyHead, type HeadContribution } from '../model/head-tags';
import { pageHead } from './page-head';
import type { LoadedPage } from './route-loader';

/** `head`: what the page's blocks add to its head, from their loaders' data. */
export function PageView({ page, path, notFound, head }: { page: LoadedPage; path: string; notFound: boolean; head: HeadContribution }) {
  useEffect(() => {
    applyHead(pageHead({ page, path, notFound, contribution: head }));
  }, [page, path, notFound, head]);
  const pictures = useMemo(() => pagePictures(page), [page]);
  return (
    <PagePicturesContext.Provider value={pictures}>
      <RenderBlocks blocks={page.blocks} />
    </PagePicturesContext.Provider>
  );
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="visually-hidden">Loading the page…</span>
    </div>
  );
}
