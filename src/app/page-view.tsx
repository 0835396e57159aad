/** One page: its blocks, and its head tags applied after every navigation. */
import { use, useEffect } from 'react';
import { RenderBlocks } from '../render/render-blocks';
import { applyHead } from './head';
import { pageHead } from './page-head';
import { loadPage } from './page-loader';

export function PageView({ name, path, notFound }: { name: string; path: string; notFound: boolean }) {
  const page = use(loadPage(name));
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
