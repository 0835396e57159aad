/**
 * The documents made on request: sitemap.xml (every static route, and whatever the blocks' server modules add:
 * the articles with their dates) and any document a block serves (the Insights feed). With nothing from the
 * blocks the sitemap still lists the static routes.
 */
import type { DocumentContext } from '../kit/block-server';
import type { DocumentRender, RequestContext } from '../model/dist-layout';
import { staticPaths } from '../model/routes';
import { siteConfig as site } from '../model/site-config';
import { sitemapXml } from '../model/sitemap';
import { serverModules } from '../render/page-loaders';
import { readPageDocument } from './page-documents';

export const SITEMAP_PATH = '/sitemap.xml';

/** The document at `path`, or null when it is not one of them. Throws when a block's document cannot be made. */
export async function renderDocument(path: string, context: RequestContext): Promise<DocumentRender | null> {
  const documentContext: DocumentContext = { ...context, readPage: readPageDocument };
  if (path === SITEMAP_PATH) {
    const added = await Promise.all(serverModules().map((module) => module.sitemapEntries?.(documentContext) ?? []));
    return { body: sitemapXml(site.settings.siteUrl, [...staticPaths(site).map((p) => ({ path: p })), ...added.flat()]), contentType: 'application/xml; charset=utf-8' };
  }
  for (const module of serverModules()) {
    const document = await module.renderDocument?.(path, documentContext);
    if (document) return document;
  }
  return null;
}
