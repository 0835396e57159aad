/** The page's blocks, top to bottom, each named by its type and id, with its number of problems; the page's own settings first. */
import { memo } from 'react';
import { useEditor } from './editor-store';
import styles from './editor.module.css';

interface Counts {
  errors: number;
  warnings: number;
}

export function entryName(entry: unknown): { type: string; id: string } {
  const record = (entry ?? {}) as Record<string, unknown>;
  if (typeof record.fragment === 'string') return { type: 'fragment', id: record.fragment };
  return { type: typeof record.type === 'string' ? record.type : 'unknown block', id: typeof record.id === 'string' ? record.id : '' };
}

function countsByBlock(issues: ReturnType<typeof useEditor.getState>['issues']): { page: Counts; blocks: Map<number, Counts> } {
  const page = { errors: 0, warnings: 0 };
  const blocks = new Map<number, Counts>();
  for (const issue of issues) {
    const [first, index] = issue.path ?? [];
    const counts = first === 'blocks' && typeof index === 'number' ? (blocks.get(index) ?? blocks.set(index, { errors: 0, warnings: 0 }).get(index)!) : page;
    if (issue.severity === 'error') counts.errors++;
    else counts.warnings++;
  }
  return { page, blocks };
}

const NONE: Counts = { errors: 0, warnings: 0 };

function Badge({ counts }: { counts: Counts }) {
  const total = counts.errors + counts.warnings;
  if (total === 0) return null;
  return (
    <span className={counts.errors ? styles.badgeError : styles.badgeWarning}>
      {total}
      <span className="visually-hidden">
        {' '}
        problem{total === 1 ? '' : 's'}
      </span>
    </span>
  );
}

const OutlineItem = memo(function OutlineItem({ entry, index, selected, counts }: { entry: unknown; index: number; selected: boolean; counts: Counts }) {
  const { type, id } = entryName(entry);
  return (
    <li>
      <button type="button" className={styles.outlineButton} aria-current={selected || undefined} onClick={() => useEditor.getState().select(index)} data-index={index}>
        <span className={styles.outlineType}>{type}</span>
        {id && <span className={styles.outlineId}>{type === 'fragment' ? id : `#${id}`}</span>}
        <Badge counts={counts} />
      </button>
    </li>
  );
});

export function Outline() {
  const blocks = useEditor((s) => s.doc.blocks);
  const selected = useEditor((s) => s.selected);
  const issues = useEditor((s) => s.issues);
  const counts = countsByBlock(issues);
  const list = Array.isArray(blocks) ? blocks : [];
  return (
    <nav className={styles.outline} aria-label="Blocks of the page">
      <h2 className={styles.paneTitle}>Outline</h2>
      <ul className={styles.outlineList}>
        <li>
          <button type="button" className={styles.outlineButton} aria-current={selected === 'page' || undefined} onClick={() => useEditor.getState().select('page')}>
            <span className={styles.outlineType}>Page settings</span>
            <span className={styles.outlineId}>title, description</span>
            <Badge counts={counts.page} />
          </button>
        </li>
      </ul>
      <ol className={styles.outlineList} aria-label={`${list.length} blocks`}>
        {list.map((entry, i) => (
          <OutlineItem key={i} entry={entry} index={i} selected={selected === i} counts={counts.blocks.get(i) ?? NONE} />
        ))}
      </ol>
    </nav>
  );
}
