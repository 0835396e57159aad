/** Renders block entries: each in its own error boundary and Suspense, marked with data-block and id. */
import { createContext, Suspense, useContext } from 'react';
import type { BlockEntry } from '../model/block-entry';
import { ISLAND_ENTRY_ATTRIBUTE, ISLAND_MODE_ATTRIBUTE, type IslandEntryKey } from '../model/hydration';
import { BlockErrorBoundary } from './block-error-boundary';
import { blockComponent } from './block-modules';
import { blockBehaviour, isBlockType } from './block-behaviour';
import styles from './render.module.css';

/** The server's render of one island, with the key its root carries: islandEntries (src/render/island-tree.tsx) makes every key, and the browser reads them with it too. */
export interface ServerIsland {
  key: IslandEntryKey;
  html: string;
}

/**
 * The page's islands as the server rendered them (src/app/render-route.tsx), by their block entries. Each island is rendered as a root of
 * its own, as the browser hydrates it, so ids from useId match; the page's render places that HTML in the island's
 * root. Absent (dev, the gallery, the editor's preview, tests): every block renders here.
 */
export const ServerIslandsContext = createContext<ReadonlyMap<BlockEntry, ServerIsland> | null>(null);

/** What is inside a block's root: the block in its error boundary, so an island's root hydrates exactly this. */
export function BlockContent({ entry }: { entry: BlockEntry }) {
  const Block = blockComponent(entry.type);
  return (
    <BlockErrorBoundary type={entry.type} id={entry.id}>
      <Suspense fallback={null}>
        <Block {...(entry.props as unknown as Record<string, unknown>)} />
      </Suspense>
    </BlockErrorBoundary>
  );
}

export function BlockFrame({ entry }: { entry: BlockEntry }) {
  const islands = useContext(ServerIslandsContext);
  if (!isBlockType(entry.type)) {
    // Validation stops unknown types at build time; this guards content that skipped it.
    if (!import.meta.env.DEV) return null;
    return (
      <div role="alert" className={styles.devNotice}>
        Unknown block type “{String(entry.type)}”. Add it to src/render/registry.ts or fix the page document; run npm run validate.
      </div>
    );
  }
  const island = islands?.get(entry);
  if (island) {
    // The island's root names its entry, so the browser finds the props to hydrate it with.
    const marks = { [ISLAND_MODE_ATTRIBUTE]: blockBehaviour(entry.type).hydrate, [ISLAND_ENTRY_ATTRIBUTE]: island.key };
    return <div data-block={entry.type} id={entry.id} {...marks} dangerouslySetInnerHTML={{ __html: island.html }} />;
  }
  return (
    <div data-block={entry.type} id={entry.id}>
      <BlockContent entry={entry} />
    </div>
  );
}

export function RenderBlocks({ blocks }: { blocks: readonly BlockEntry[] }) {
  return (
    <>
      {blocks.map((entry, i) => (
        <BlockFrame key={entry.id ?? `${entry.type}-${i}`} entry={entry} />
      ))}
    </>
  );
}
