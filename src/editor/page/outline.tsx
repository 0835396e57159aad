/**
 * The page's blocks, top to bottom, each named by its type and id with its number of problems; the page's
 * settings and the site's header and footer around them; "Add block" between blocks and at the end. A block
 * moves by drag and drop (outline-drop.ts), or by Alt+Arrow keys on its entry; either move is read out.
 */
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { blocksOf, useEditor, type Selection } from './model/editor-store';
import { blockKeys, blockName } from '../shared/block-identity';
import { useElementCache } from '../shared/element-cache';
import type { EditorIssue } from '../shared/editor-contract';
import { moveBlock } from './model/block-actions';
import { selectionOf } from './model/selection';
import { BlockCatalogue } from './block-catalogue';
import { blockWords } from './block-words';
import own from './block-words.module.css';
import { ActionStatus } from './action-status';
import { useBlockDrop } from './outline-drop';
import styles from './editor.module.css';

interface Counts {
  errors: number;
  warnings: number;
}

function countsBySelection(issues: EditorIssue[]): Map<Selection, Counts> {
  const counts = new Map<Selection, Counts>();
  const blocks = blocksOf(useEditor.getState().doc);
  for (const issue of issues) {
    const key = selectionOf(issue.path ?? [], blocks);
    const c = counts.get(key) ?? counts.set(key, { errors: 0, warnings: 0 }).get(key)!;
    if (issue.severity === 'error') c.errors++;
    else c.warnings++;
  }
  return counts;
}

const NONE: Counts = { errors: 0, warnings: 0 };

const problemWords = (counts: Counts) => {
  const total = counts.errors + counts.warnings;
  return total === 0 ? '' : `, ${total} problem${total === 1 ? '' : 's'}`;
};

function Badge({ counts }: { counts: Counts }) {
  const total = counts.errors + counts.warnings;
  if (total === 0) return null;
  return (
    <span className={counts.errors ? styles.badgeError : styles.badgeWarning}>
      {total}
      <span className="visually-hidden"> problem{total === 1 ? '' : 's'}</span>
    </span>
  );
}

/**
 * The place of the block an outline entry names, read when it is used rather than passed in: an entry is then
 * not rendered again when a block above it comes, goes or moves (on a page of hundreds of blocks, that is most).
 */
function placeOf(element: Element): number {
  const item = element.closest('li')!;
  return Array.prototype.indexOf.call(item.parentElement!.children, item);
}

const entryButton = (at: number) => document.querySelectorAll<HTMLButtonElement>('[data-outline-entry]')[at];

function onEntryKey(event: React.KeyboardEvent<HTMLElement>) {
  if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
  event.preventDefault();
  const index = placeOf(event.currentTarget);
  const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
  if (to < 0 || to >= blocksOf(useEditor.getState().doc).length) return;
  moveBlock(index, to);
  requestAnimationFrame(() => entryButton(to)?.focus());
}

/** Each block's type and id, as one string: typing in a block's text leaves it equal, so the outline is not rendered again. */
const namesOf = (blocks: unknown): string =>
  JSON.stringify(
    (Array.isArray(blocks) ? blocks : []).map((entry) => {
      const { type, id } = blockName(entry);
      return [type, id];
    }),
  );

const DRAG_TYPE = 'application/x-block-index';

interface OutlineItemProps extends Record<string, unknown> {
  type: string;
  id: string;
  selected: boolean;
  counts: Counts;
  onAdd(at: number): void;
}

const OutlineItem = memo(function OutlineItem({ type, id, selected, counts, onAdd }: OutlineItemProps) {
  const fragmentType = useEditor((s) => (type === 'fragment' ? blockName((s.doc.site.fragments as Record<string, unknown> | undefined)?.[id]).type : undefined));
  const words = blockWords(type, id, fragmentType);
  return (
    <li
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(placeOf(e.currentTarget)));
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <button type="button" className={styles.insertButton} onClick={(e) => onAdd(placeOf(e.currentTarget))} aria-label={`Add block before ${words.title}${words.detail ? `, ${words.detail}` : ''}`}>
        <span aria-hidden="true">+</span>
      </button>
      <button
        type="button"
        className={styles.outlineButton}
        aria-current={selected || undefined}
        aria-label={`${words.title}${words.detail ? `, ${words.detail}` : ''}${problemWords(counts)}`}
        title={words.summary}
        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
        onClick={(e) => useEditor.getState().select(placeOf(e.currentTarget))}
        onKeyDown={onEntryKey}
        data-outline-entry=""
      >
        <span className={styles.dragHandle} aria-hidden="true">
          ⠿
        </span>
        <span className={own.twoLines}>
          <span className={styles.outlineType}>{words.title}</span>
          {words.detail && <span className={`${styles.outlineId} ${own.detail}`}>{words.detail}</span>}
        </span>
        <Badge counts={counts} />
      </button>
    </li>
  );
});

function FixedEntry({ selection, name, detail, counts }: { selection: Selection; name: string; detail: string; counts: Counts }) {
  const selected = useEditor((s) => s.selected === selection);
  return (
    <li>
      <button type="button" className={styles.outlineButton} aria-current={selected || undefined} onClick={() => useEditor.getState().select(selection)}>
        <span className={styles.outlineType}>{name}</span>
        <span className={styles.outlineId}>{detail}</span>
        <Badge counts={counts} />
      </button>
    </li>
  );
}

/** The entries rendered when a page opens: more than a tall screen shows. */
const FIRST_ENTRIES = 40;
/** The entries rendered at each idle moment after, until all are there. */
const MORE_ENTRIES = 40;

/**
 * How many of `count` entries to render: a screenful first, then more whenever the browser is idle, so on a long
 * page the outline does not hold up the preview, which loads meanwhile (up to `atLeast`, a block selected further
 * down). Once every entry is there, all of them always are.
 */
function useEntriesShown(count: number, atLeast: number): number {
  const [shown, setShown] = useState(FIRST_ENTRIES);
  const done = shown === Infinity;
  useEffect(() => {
    if (done) return;
    const more = () => setShown((n) => (n + MORE_ENTRIES >= count ? Infinity : n + MORE_ENTRIES));
    // At the latest a moment after: an outline cut short would hide blocks from its keyboard and screen-reader users.
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(more);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(more, { timeout: 300 });
    return () => cancelIdleCallback(id);
  }, [done, shown, count]);
  return Math.max(shown, atLeast);
}

export function Outline() {
  const names = useEditor((s) => namesOf(s.doc.page.blocks));
  const selected = useEditor((s) => s.selected);
  const issues = useEditor((s) => s.issues);
  const [addingAt, setAddingAt] = useState<number | null>(null);
  // Once opened, the catalogue stays (closed): its example frame is not torn down on every insert and loaded again.
  const [catalogueMounted, setCatalogueMounted] = useState(false);
  const closeCatalogue = useCallback(() => {
    setAddingAt(null);
    setCatalogueMounted(true);
  }, []);
  const counts = useMemo(() => countsBySelection(issues), [issues]);
  const list = useMemo(() => {
    const pairs = JSON.parse(names) as Array<[type: string, id: string]>;
    const keys = blockKeys(pairs.map(([type, id]) => ({ type, id })));
    return pairs.map(([type, id], i) => ({ type, id, key: keys[i]! }));
  }, [names]);
  const item = useElementCache((key, props: OutlineItemProps) => <OutlineItem key={key} {...props} />);
  const shown = useEntriesShown(list.length, typeof selected === 'number' ? selected + 1 : 0);
  const drop = useBlockDrop(DRAG_TYPE, placeOf);
  return (
    <nav className={styles.outline} aria-label="Blocks of the page">
      <h2 className={styles.paneTitle}>Outline</h2>
      <ul className={styles.outlineList}>
        <FixedEntry selection="page" name="Page settings" detail="path, title, description" counts={counts.get('page') ?? NONE} />
        <FixedEntry selection="header" name="Site header" detail="every page" counts={counts.get('header') ?? NONE} />
      </ul>
      <div className={styles.dropZone}>
        <ol className={styles.outlineList} aria-label={`${list.length} blocks`} {...drop.handlers}>
          {list.slice(0, shown).map(({ type, id, key }, i) => item(key, { type, id, selected: selected === i, counts: counts.get(i) ?? NONE, onAdd: setAddingAt }))}
        </ol>
        {drop.line !== null && <div className={styles.dropLine} style={{ top: drop.line }} data-drop-line="" />}
      </div>
      <button type="button" className={styles.addButton} onClick={() => setAddingAt(list.length)}>
        Add block
      </button>
      <ul className={styles.outlineList}>
        <FixedEntry selection="footer" name="Site footer" detail="every page" counts={counts.get('footer') ?? NONE} />
      </ul>
      {(addingAt !== null || catalogueMounted) && <BlockCatalogue at={addingAt} onClose={closeCatalogue} />}
      <ActionStatus />
    </nav>
  );
}
