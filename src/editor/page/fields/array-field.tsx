/**
 * A list: each item with its own field and Move up / Move down / Remove buttons, and "Add" at the end. A new
 * item holds what its schema requires (empty), and the content check then says what to write into it.
 */
import { useEditor } from '../model/editor-store';
import { getIn, type JsonPath } from '../model/json-path';
import { emptyValue, fieldKind, itemsOf } from '../../shared/schema-model';
import { schemaFiles } from '../../shared/schemas';
import { itemLabel } from '../../shared/plain-place';
import type { FieldProps } from './schema-field';
import { SchemaField } from './schema-field';
import { describedByOf, Help, IssueList, useIssues } from './field-frame';
import { ObjectProperties } from './object-field';
import styles from '../editor.module.css';

/** A few words that tell items apart in their heading: the item's own title, label or heading. */
function summaryOf(item: unknown): string {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    for (const key of ['title', 'label', 'heading', 'question', 'name', 'value']) if (typeof record[key] === 'string' && record[key]) return record[key] as string;
  }
  return '';
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

export function ArrayField({ path, located, required, label }: FieldProps & { label: string }) {
  const list = useEditor((s) => getIn(s.doc, path));
  const edit = useEditor((s) => s.edit);
  const issues = useIssues(path);
  const items = Array.isArray(list) ? list : [];
  const itemSchema = itemsOf(schemaFiles, located);
  const itemKind = fieldKind(itemSchema).kind;
  const info = describedByOf(path, Boolean(located.schema.description), issues);
  const singular = itemLabel(label, itemSchema.schema, 0).replace(/ 1$/, '');
  const set = (next: unknown[]) => edit(path, next.length === 0 && !required ? undefined : next);
  return (
    <fieldset className={styles.group} aria-describedby={info.describedBy}>
      <legend className={styles.legend}>
        {label}
        {required && <span aria-hidden="true"> *</span>} <span className={styles.count}>({items.length})</span>
      </legend>
      <Help id={info.id} description={located.schema.description} defaultValue={undefined} />
      <IssueList id={info.id} issues={issues} />
      <ol className={styles.items}>
        {items.map((item, i) => {
          const itemPath: JsonPath = [...path, i];
          const summary = summaryOf(item);
          // "Testimonial 2", "Paragraph 3": named by what the items are (plain-place.ts), as the problem list names them.
          const name = itemLabel(label, itemSchema.schema, i);
          const title = `${name}${summary ? ` — ${summary.length > 40 ? `${summary.slice(0, 40)}…` : summary}` : ''}`;
          const actions = (
            <span className={styles.itemActions}>
              <button type="button" className={styles.iconButton} disabled={i === 0} onClick={() => set(move(items, i, i - 1))} aria-label={`Move ${name} up`}>
                ↑
              </button>
              <button type="button" className={styles.iconButton} disabled={i === items.length - 1} onClick={() => set(move(items, i, i + 1))} aria-label={`Move ${name} down`}>
                ↓
              </button>
              <button type="button" className={styles.iconButton} onClick={() => set(items.filter((_, j) => j !== i))} aria-label={`Remove ${name}`}>
                ✕
              </button>
            </span>
          );
          if (itemKind !== 'object') {
            return (
              <li key={i} className={`${styles.item} ${styles.scalarItem}`}>
                <SchemaField path={itemPath} located={itemSchema} name={i} required label={name} />
                {actions}
              </li>
            );
          }
          return (
            <li key={i} className={styles.item}>
              <div className={styles.itemBar}>
                <span className={styles.itemTitle}>{title}</span>
                {actions}
              </div>
              <ObjectItem path={itemPath} located={itemSchema} />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={() => set([...items, emptyValue(schemaFiles, itemSchema)])}
        disabled={located.schema.maxItems !== undefined && items.length >= located.schema.maxItems}
        aria-label={`Add ${/^[aeiou]/i.test(singular) ? 'an' : 'a'} ${singular.toLowerCase()} to ${label}`}
      >
        Add {singular.toLowerCase()}
      </button>
    </fieldset>
  );
}

function ObjectItem({ path, located }: { path: JsonPath; located: ReturnType<typeof itemsOf> }) {
  const issues = useIssues(path);
  const info = describedByOf(path, false, issues);
  return (
    <div className={styles.itemFields}>
      <IssueList id={info.id} issues={issues} />
      <ObjectProperties path={path} located={located} />
    </div>
  );
}
