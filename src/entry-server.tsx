/**
 * The render bundle's entry (dist-server/render/entry-server.js): the ServerBundle contract of
 * src/model/dist-layout.ts. The build prerenders every page with renderRoute; the production server renders the
 * pages whose blocks have loaders with renderOnRequest (which says which those are), and the sitemap and the feed
 * with renderDocument. Both
 * first say where the page documents the build wrote lie (readPagesFrom), so the bundle carries none of them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuiltPage } from './model/route-answer';
import { setPageReader } from './app/page-documents';

export { siteConfig } from './model/site-config';
export { renderRoute, renderOnRequest, BlockRenderError } from './app/render-route';
export { renderDocument } from './app/discovery';

export function readPagesFrom(dir: string): void {
  setPageReader(async (name) => {
    try {
      return JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as BuiltPage;
    } catch (error) {
      throw new Error(`The page document ${name} cannot be read from ${dir}: ${(error as Error).message}. Run npm run build again.`, { cause: error });
    }
  });
}
