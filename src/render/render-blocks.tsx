/** Renders block entries: each in its own error boundary and Suspense, marked with data-block and id. */
import { createContext, Suspense, useContext } from 'react';
import type { BlockEntry } from '../model/block-entry';
import { ISLAND_ENTRY_ATTRIBUTE, ISLAND_MODE_ATTRIBUTE, type IslandEntryKey } from '../model/hydration';
import { BlockErrorBoundary } from './block-error-boundary';
import { blockComponent } from './block-modules';
import { blockBehaviour, isBlockType } from './block-behaviour';
import styles from './render.module.css';

/**
 * The server's render of each island of the page, by its entry key (src/app/render-route.tsx). Each island is
 * rendered as a root of its own, as the browser hydrates it, so ids from useId match; the page's render places
 * that HTML in the island's root. Absent (dev, the gallery, the editor's preview, tests): every block renders here.
 */
export const ServerIslandsContext = createContext<ReadonlyMap<IslandEntryKey, string> | null>(null);

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

/** `island`: where the entry is, which an island's root names so the browser finds its props. */
export function BlockFrame({ entry, island }: { entry: BlockEntry; island?: IslandEntryKey }) {
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
  const islandHtml = island === undefined ? undefined : islands?.get(island);
  if (islandHtml !== undefined && island !== undefined) {
    const marks = { [ISLAND_MODE_ATTRIBUTE]: blockBehaviour(entry.type).hydrate, [ISLAND_ENTRY_ATTRIBUTE]: island };
    return <div data-block={entry.type} id={entry.id} {...marks} dangerouslySetInnerHTML={{ __html: islandHtml }} />;
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
        <BlockFrame key={entry.id ?? `${entry.type}-${i}`} entry={entry} island={`page:${i}`} />
      ))}
    </>
  );
}
