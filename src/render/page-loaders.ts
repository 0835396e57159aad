/**
 * The server registry's one question, answered here only: which blocks of a page load data before it is
 * rendered. A page with such a block renders on request, with the data (the server renders it again); any
 * other page is served as prerendered.
 */
import { serverRegistry } from '../generated/server-registry';
import type { BlockServerModule, LoadContext, ServerRegistry } from '../kit/block-server';
import type { RouteInfo } from '../kit/route-context';
import type { HeadContribution } from '../model/head-tags';
import type { RouteData } from '../model/route-answer';

type AnyServerModule = BlockServerModule<never>;
const registry: ServerRegistry = serverRegistry;

export function serverModule(type: string): AnyServerModule | undefined {
  return Object.hasOwn(registry, type) ? (registry[type as keyof ServerRegistry] as AnyServerModule | undefined) : undefined;
}

/** Every block type's server module, for the documents they make (the sitemap's articles, the feed). */
export function serverModules(): AnyServerModule[] {
  return Object.values(registry) as AnyServerModule[];
}

/** Whether a block among `blocks` loads data; src/app/request-answer.ts turns this into "the page renders on request". */
export function blocksLoadData(blocks: ReadonlyArray<{ type: string }>): boolean {
  return blocks.some((block) => serverModule(block.type) !== undefined);
}

/** Whether the block, rendered with the page's loaded data, needs nothing more in the browser (its server module's `finalWith`). */
export function rendersFinal(entry: { type: string }, data: RouteData, route: RouteInfo): boolean {
  return serverModule(entry.type)?.finalWith?.(data, route) === true;
}

export type PageLoad = { kind: 'loaded'; data: RouteData; head: HeadContribution } | { kind: 'missing' };

/** Runs the loaders of the page's blocks, together; throws when one does (its service failed). */
export async function loadPageData(blocks: ReadonlyArray<{ type: string; props: unknown }>, route: RouteInfo, context: LoadContext): Promise<PageLoad> {
  const loaders = blocks.flatMap((entry) => {
    const module = serverModule(entry.type);
    return module ? [{ entry, module }] : [];
  });
  const results = await Promise.all(loaders.map(({ entry, module }) => module.loadData(entry.props as never, route, context)));
  const data: RouteData = {};
  for (const result of results) {
    if (result.kind === 'missing') return { kind: 'missing' };
    Object.assign(data, result.data);
  }
  const head: HeadContribution = Object.assign({}, ...loaders.map(({ module }) => module.head?.(data, route) ?? {}));
  return { kind: 'loaded', data, head };
}
