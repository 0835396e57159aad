/** Renders block entries: each in its own error boundary and Suspense, marked with data-block and id. */
import { Suspense } from 'react';
import type { BlockEntry } from '../model/block-entry';
import { BlockErrorBoundary } from './block-error-boundary';
import { blockComponent, isBlockType } from './block-modules';
import styles from './render.module.css';

export function BlockFrame({ entry }: { entry: BlockEntry }) {
  if (!isBlockType(entry.type)) {
    // Validation stops unknown types at build time; this guards content that skipped it.
    if (!import.meta.env.DEV) return null;
    return (
      <div role="alert" className={styles.devNotice}>
        Unknown block type “{String(entry.type)}”. Add it to src/render/registry.ts or fix the page document; run npm run validate.
      </div>
    );
  }
  const Block = blockComponent(entry.type);
  return (
    <div data-block={entry.type} id={entry.id}>
      <BlockErrorBoundary type={entry.type} id={entry.id}>
        <Suspense fallback={null}>
          <Block {...(entry.props as unknown as Record<string, unknown>)} />
        </Suspense>
      </BlockErrorBoundary>
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
