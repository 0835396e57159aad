/**
 * The render bundle's entry (dist-server/render/entry-server.js): the ServerBundle contract of
 * src/model/dist-layout.ts. The build prerenders every page with renderRoute; the production server renders the
 * pages that show blog answers with renderOnRequest, and the sitemap and the feed with renderDocument.
 */
export { site } from './model/site';
export { renderRoute, BlockRenderError } from './app/render-route';
export { renderOnRequest } from './app/render-with-answers';
export { renderDocument } from './app/discovery';
