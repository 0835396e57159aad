/** One page: its blocks, and its head tags applied after every navigation. */
import { use, useEffect } from 'react';
import { RenderBlocks } from '../render/render-blocks';
import { applyHead, buildHead } from './head';
import { loadPage } from './page-loader';
import { site } from '../model/site';

export function PageView({ name, path, notFound }: { name: string; path: string; notFound: boolean }) {
  const page = use(loadPage(name));
  useEffect(() => {
    applyHead(buildHead({ title: page.title, description: page.description, path: notFound ? null : path, noindex: notFound, settings: site.settings }));
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
