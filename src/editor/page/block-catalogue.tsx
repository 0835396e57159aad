/**
 * "Add block": every block type that may stand on a page, with its description and its first schema example
 * rendered by the real component (the examples /__blocks shows), and the fragments of pages.json. Choosing
 * one inserts it with the example's props (as written in the schema) and a fresh id, and selects it.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { blocksOf, useEditor } from './model/editor-store';
import { freshId, insertBlock } from './model/block-actions';
import { blockSkeleton } from './model/block-skeleton';
import { PREVIEW_PATH } from '../shared/editor-contract';
import { connectFrame } from './frame-link';
import { blockTypes, propsSchema } from '../shared/schemas';
import styles from './editor.module.css';

interface Choice {
  key: string;
  label: string;
  description: string;
  entry: (blocks: readonly unknown[]) => unknown;
  preview: unknown;
}

/** What the example frame shows when there is no choice to show. */
const UNKNOWN = { type: 'unknown', props: {} };

function examplesOf(type: string): unknown {
  // The schema as written: an inserted example restates no default.
  return (propsSchema(type)?.schema.examples as unknown[] | undefined)?.[0] ?? {};
}

/** Where a type may go (the schema's x-placement); a type that says nothing may go anywhere. */
const mayStandOnPage = (type: string) => {
  const placement = propsSchema(type)?.schema['x-placement'];
  return !Array.isArray(placement) || placement.includes('page');
};

function choices(fragments: Record<string, unknown>): Choice[] {
  const types = blockTypes.filter(mayStandOnPage).map((type) => {
    const props = examplesOf(type);
    return {
      key: `type:${type}`,
      label: type,
      description: propsSchema(type)?.schema.description ?? '',
      entry: (blocks: readonly unknown[]) => ({ type, id: freshId(type, blocks), props: blockSkeleton(type) }),
      preview: { type, id: type, props },
    };
  });
  const shared = Object.entries(fragments).map(([name, block]) => ({
    key: `fragment:${name}`,
    label: `${name} (fragment)`,
    description: `The shared “${name}” fragment of pages.json (a ${(block as { type?: string }).type ?? 'block'}): edited once, shown on every page that inserts it.`,
    entry: () => ({ fragment: name }),
    preview: block,
  }));
  return [...types, ...shared];
}

/**
 * The catalogue, open while `at` (where the block goes) is set; it stays mounted while closed, its frame loaded.
 * Memoised: the outline renders again on every insert or move, and the closed catalogue need not.
 */
export const BlockCatalogue = memo(function BlockCatalogue({ at, onClose }: { at: number | null; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const fragments = useEditor((s) => s.doc.site.fragments) as Record<string, unknown> | undefined;
  const list = useMemo(() => choices(fragments ?? {}), [fragments]);
  const [current, setCurrent] = useState(list[0]?.key);
  const chosen = list.find((c) => c.key === current) ?? list[0];
  const preview = useRef(chosen?.preview);
  preview.current = chosen?.preview;
  const connection = useRef<ReturnType<typeof connectFrame>>(null);

  // Where focus was when the catalogue opened: it goes back there when the catalogue closes.
  const opener = useRef<HTMLElement | null>(null);
  // Before the browser paints: the catalogue is there, its choice focused, in the same task as the click that asked.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const open = element.matches(':popover-open');
    if (at !== null && !open) {
      opener.current = document.activeElement as HTMLElement | null;
      element.showPopover();
      element.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
    } else if (at === null && open) element.hidePopover();
  }, [at]);
  useEffect(() => {
    const element = dialog.current!;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== 'closed') return;
      if (element.contains(document.activeElement) || document.activeElement === document.body) opener.current?.focus();
      onClose();
    };
    element.addEventListener('toggle', onToggle);
    return () => element.removeEventListener('toggle', onToggle);
  }, [onClose]);
  useEffect(() => {
    // One block alone, at the top of a page of its own.
    connection.current = connectFrame(
      () => frame.current,
      () => ({ documents: { page: { blocks: [preview.current ?? UNKNOWN] }, site: {} }, path: '/', selected: null, reveal: false }),
    );
    return () => connection.current?.stop();
  }, []);
  useEffect(() => connection.current?.push(), [current]);

  const insert = (choice: Choice) => {
    if (at === null) return;
    insertBlock(at, choice.entry(blocksOf(useEditor.getState().doc)));
    dialog.current?.hidePopover();
  };

  return (
    // A popover, not a modal dialog: a modal one makes the rest of the editor inert, and the preview inside it, so
    // opening and closing it restyled the whole previewed page (80 and 45 ms on a page of 300 blocks, the close
    // inside every insert). As a popover it still sits above the editor, and Escape or a click beside it closes it.
    <dialog ref={dialog} popover="auto" className={styles.catalogue} aria-labelledby="catalogue-title">
      <div className={styles.catalogueHead}>
        <h2 id="catalogue-title" className={styles.noticeTitle}>
          Add a block at position {(at ?? 0) + 1}
        </h2>
        <button type="button" className={styles.secondaryButton} onClick={() => dialog.current?.hidePopover()}>
          Cancel
        </button>
      </div>
      <div className={styles.catalogueBody}>
        <ul className={styles.catalogueList} aria-label="Block types and fragments">
          {list.map((choice) => (
            <li key={choice.key}>
              <button
                type="button"
                className={styles.outlineButton}
                aria-current={choice.key === chosen?.key || undefined}
                aria-describedby="catalogue-description"
                onFocus={() => setCurrent(choice.key)}
                onMouseEnter={() => setCurrent(choice.key)}
                onClick={() => insert(choice)}
              >
                <span className={styles.outlineType}>{choice.label}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.catalogueDetail}>
          <p id="catalogue-description" className={styles.help}>
            {chosen?.description}
          </p>
          <div className={styles.cataloguePreview}>
            <iframe ref={frame} className={styles.catalogueFrame} title={`Example of ${chosen?.label ?? 'a block'}`} src={PREVIEW_PATH} tabIndex={-1} />
          </div>
          {chosen && (
            <button type="button" className={styles.primaryButton} onClick={() => insert(chosen)}>
              Insert {chosen.label}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
});
