/** One page: its blocks, and its head tags applied after every navigation. */
import { useEffect, useMemo } from 'react';
import { PagePicturesContext } from '../kit/picture';
import { RenderBlocks } from '../render/render-blocks';
import { applyHead } from './head';
import { pageHead } from './page-head';
import type { LoadedPage } from './route-loader';

export function PageView({ page, path, notFound }: { page: LoadedPage; path: string; notFound: boolean }) {
  useEffect(() => {
    applyHead(pageHead({ page, path, notFound }));
  }, [page, path, notFound]);
  const pictures = useMemo(() => ({ sets: page.pictures ?? {}, ...(page.priorityPicture ? { priority: page.priorityPicture } : {}) }), [page]);
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
