/** One page: its blocks, and its head tags applied after every navigation. */
import { useEffect } from 'react';
import { RenderBlocks } from '../render/render-blocks';
import { applyHead } from './head';
import { pageHead } from './page-head';
import type { LoadedPage } from './route-loader';

export function PageView({ page, path, notFound }: { page: LoadedPage; path: string; notFound: boolean }) {
  useEffect(() => {
    applyHead(pageHead({ page, path, notFound }));
  }, [page, path, notFound]);
  return <RenderBlocks blocks={page.blocks} />;
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="visually-hidden">Loading the page…</span>
    </div>
  );
}
