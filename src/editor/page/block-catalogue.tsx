/**
 * "Add block": every block type that may stand on a page, by its title and one-line summary, with its first schema
 * example rendered by the real component (the examples /__blocks shows; a preview only), and the shared sections
 * (fragments) of pages.json. A search box narrows the grid; the chosen entry is inserted with a fresh id, selected,
 * and focus goes to its first field.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { blocksOf, useEditor } from './model/editor-store';
import { freshId, insertBlock } from './model/block-actions';
import { blockSkeleton } from './model/block-skeleton';
import { backend } from './model/editor-backend';
import { connectFrame } from './frame-link';
import { blockTypes, propsSchema, schemaFiles } from '../shared/schemas';
import { blockSummary, blockTitle } from '../shared/plain-place';
import { CatalogueGrid, matches } from './catalogue-grid';
import { focusFirstField } from './focus-first-field';
import editorStyles from './editor.module.css';
import styles from './block-catalogue.module.css';

interface Choice {
  key: string;
  title: string;
  summary: string;
  /** Further words the search finds it by: its type's name, its description. */
  searchText: string;
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
      title: blockTitle(schemaFiles, type),
      summary: blockSummary(schemaFiles, type) ?? '',
      searchText: `${type} ${propsSchema(type)?.schema.description ?? ''}`,
      entry: (blocks: readonly unknown[]) => ({ type, id: freshId(type, blocks), props: blockSkeleton(type) }),
      preview: { type, id: type, props },
    };
  });
  types.sort((a, b) => a.title.localeCompare(b.title));
  const shared = Object.entries(fragments).map(([name, block]) => ({
    key: `fragment:${name}`,
    title: `Shared section “${name}”`,
    summary: `A ${blockTitle(schemaFiles, (block as { type?: string }).type ?? 'block').toLowerCase()} kept once for the whole site: a change to it shows on every page that has it.`,
    searchText: `${name} fragment shared ${(block as { type?: string }).type ?? ''}`,
    entry: () => ({ fragment: name }),
    preview: block,
  }));
  return [...types, ...shared];
}

/**
 * Escape closes the catalogue from anywhere in it (a search box would only clear itself); Tab and Shift+Tab go
 * round its own stops, never out to the editor behind it.
 */
function onCatalogueKey(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.currentTarget.hidePopover();
    return;
  }
  if (event.key !== 'Tab') return;
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>('input, button, [tabindex="0"]')].filter((el) => el.tabIndex >= 0 && !el.matches(':disabled, [hidden] *'));
  const edge = event.shiftKey ? stops[0] : stops.at(-1);
  if (document.activeElement !== edge && stops.includes(document.activeElement as HTMLElement)) return;
  event.preventDefault();
  (event.shiftKey ? stops.at(-1) : stops[0])?.focus();
}

/**
 * The catalogue, open while `at` (where the block goes) is set; it stays mounted while closed, its frame loaded.
 * Memoised: the outline renders again on every insert or move, and the closed catalogue need not.
 */
export const BlockCatalogue = memo(function BlockCatalogue({ at, onClose }: { at: number | null; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const fragments = useEditor((s) => s.doc.site.fragments) as Record<string, unknown> | undefined;
  const all = useMemo(() => choices(fragments ?? {}), [fragments]);
  const [query, setQuery] = useState('');
  const list = useMemo(() => all.filter((choice) => matches(choice, query.trim())), [all, query]);
  const [current, setCurrent] = useState(all[0]?.key);
  const chosen = list.find((c) => c.key === current) ?? list[0];
  const preview = useRef(chosen?.preview);
  preview.current = chosen?.preview;
  const connection = useRef<ReturnType<typeof connectFrame>>(null);

  // Where focus was when the catalogue opened: it goes back there when the catalogue closes without an insert.
  const opener = useRef<HTMLElement | null>(null);
  const inserted = useRef(false);
  // Before the browser paints: the catalogue is there, its search box focused, in the same task as the click that asked.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const open = element.matches(':popover-open');
    if (at !== null && !open) {
      opener.current = document.activeElement as HTMLElement | null;
      inserted.current = false;
      setQuery('');
      element.showPopover();
      element.querySelector<HTMLInputElement>('[data-catalogue-search]')?.focus();
    } else if (at === null && open) element.hidePopover();
  }, [at]);
  useEffect(() => {
    const element = dialog.current!;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== 'closed') return;
      const focusLost = element.contains(document.activeElement) || document.activeElement === document.body;
      if (focusLost && !inserted.current) opener.current?.focus();
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
  useEffect(() => connection.current?.push(), [chosen?.key]);

  const insert = (key: string) => {
    const choice = all.find((c) => c.key === key);
    if (at === null || !choice) return;
    insertBlock(at, choice.entry(blocksOf(useEditor.getState().doc)));
    inserted.current = true;
    dialog.current?.hidePopover();
    const fragment = key.startsWith('fragment:') ? key.slice('fragment:'.length) : undefined;
    focusFirstField(fragment === undefined ? ['page', 'blocks', at, 'props'] : ['site', 'fragments', fragment, 'props']);
  };

  return (
    // A popover, not a modal dialog: a modal one makes the rest of the editor inert, and the preview inside it, so
    // opening and closing it restyled the whole previewed page (80 and 45 ms on a page of 300 blocks, the close
    // inside every insert). As a popover it still sits above the editor, Escape or a click beside it closes it, and
    // Tab goes round its own controls.
    <dialog ref={dialog} popover="auto" className={styles.catalogue} aria-labelledby="catalogue-title" onKeyDown={onCatalogueKey}>
      <div className={styles.head}>
        <h2 id="catalogue-title" className={styles.title}>
          Add a block at position {(at ?? 0) + 1}
        </h2>
        <button type="button" className={editorStyles.secondaryButton} onClick={() => dialog.current?.hidePopover()}>
          Cancel
        </button>
      </div>
      <div className={styles.body}>
        <CatalogueGrid choices={list} chosen={chosen?.key} query={query} onQuery={setQuery} onChoose={setCurrent} onInsert={insert} />
        {/* Kept, out of sight, while the search matches nothing: its example frame stays loaded. */}
        <div className={styles.detail} style={chosen ? undefined : { visibility: 'hidden' }}>
          <h3 className={styles.detailTitle}>{chosen?.title}</h3>
          <p className={styles.description}>{chosen?.summary}</p>
          <div className={styles.preview}>
            <iframe ref={frame} className={styles.frame} title={`Example of ${chosen?.title ?? 'a block'}`} src={backend().previewPath} tabIndex={-1} />
          </div>
          <p className={styles.note}>An example only: the block you insert starts with text of its own for you to replace.</p>
          {chosen && (
            <button type="button" className={editorStyles.primaryButton} onClick={() => insert(chosen.key)}>
              Insert {chosen.title}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
});
