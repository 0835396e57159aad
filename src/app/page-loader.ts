/**
 * Loads a page document and the modules of every block it shows. The returned promise is tracked so that
 * React's use() reads an already-loaded page synchronously (hydration, back and forth navigation).
 */
import type { BlockEntry, PageDocument } from '../model/block-entry';
import { expandFragments } from '../model/expand-fragments';
import { isBlockType, loadBlockModule } from '../render/block-modules';
import { site } from '../model/site';

export interface LoadedPage {
  name: string;
  title: string;
  description: string;
  blocks: BlockEntry[];
}

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const documents = import.meta.glob<PageDocument>('/pages/*.json', { import: 'default' });
const cache = new Map<string, Tracked<LoadedPage>>();

function loadBlocks(blocks: readonly BlockEntry[]): Promise<unknown> {
  return Promise.all(blocks.flatMap((b) => (isBlockType(b.type) ? [loadBlockModule(b.type)] : [])));
}

export function loadLayout(): Promise<unknown> {
  return loadBlocks([site.layout.header, site.layout.footer]);
}

async function load(name: string): Promise<LoadedPage> {
  const loader = documents[`/pages/${name}.json`];
  if (!loader) throw new Error(`There is no page document pages/${name}.json (named in pages.json).`);
  const doc = await loader();
  const blocks = expandFragments(doc.blocks, site.fragments);
  await loadBlocks(blocks);
  return { name, title: doc.title, description: doc.description, blocks };
}

export function loadPage(name: string): Promise<LoadedPage> {
  let promise = cache.get(name);
  if (!promise) {
    const tracked: Tracked<LoadedPage> = load(name);
    tracked.status = 'pending';
    tracked.then(
      (value) => Object.assign(tracked, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(tracked, { status: 'rejected', reason });
        cache.delete(name); // a network hiccup should not break the page for the rest of the visit
      },
    );
    cache.set(name, tracked);
    promise = tracked;
  }
  return promise;
}

/** The source files a page needs, for modulepreload links in the prerendered HTML. */
export function pageSourceFiles(page: LoadedPage): string[] {
  return [`pages/${page.name}.json`, ...new Set(page.blocks.map((b) => `blocks/${b.type}/${b.type}.tsx`))];
}
