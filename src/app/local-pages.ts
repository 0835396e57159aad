/**
 * Page documents as the dev server and the unit tests load them: as modules (pages/*.json), so an edit
 * reloads the page and a syntax error reaches Vite's error overlay with its line. The production build never
 * bundles this module: its server reads the documents the build wrote (dist-server/pages/).
 */
import type { PageDocument } from '../model/block-entry';
import { expandFragments } from '../model/expand-fragments';
import type { BuiltPage } from '../model/route-answer';
import { siteConfig } from '../model/site-config';

const documents = import.meta.glob<PageDocument>('/pages/*.json', { import: 'default' });

export async function readLocalPage(name: string): Promise<BuiltPage> {
  const loader = documents[`/pages/${name}.json`];
  if (!loader) throw new Error(`There is no page document pages/${name}.json (named in pages.json).`);
  const doc = await loader();
  return { title: doc.title, description: doc.description, blocks: expandFragments(doc.blocks, siteConfig.fragments) };
}
