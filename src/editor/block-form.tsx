/** The form of the outline's selection: the page's title and description, or one block's id and props. */
import { useEditor } from './editor-store';
import type { EditorIssue } from './editor-client';
import { pathKey, pathText, type JsonPath } from './json-path';
import { resolve } from './schema-model';
import { entrySchema, pageSchema, propsSchema, schemaFiles } from './schemas';
import { fieldId } from './fields/field-frame';
import { ObjectProperties } from './fields/object-field';
import { SchemaField } from './fields/schema-field';
import { JsonField } from './fields/json-field';
import { entryName } from './outline';
import styles from './editor.module.css';

const startsWith = (path: readonly unknown[] | undefined, prefix: JsonPath) => path !== undefined && prefix.every((s, i) => path[i] === s);

/** Moves focus to the field of an issue, or the nearest field above it. */
export function focusIssue(issue: EditorIssue): void {
  const path = issue.path ?? [];
  const [first, index] = path;
  useEditor.getState().select(first === 'blocks' && typeof index === 'number' ? index : 'page');
  requestAnimationFrame(() => {
    for (let length = path.length; length >= 0; length--) {
      const field = document.getElementById(fieldId(path.slice(0, length)));
      if (field) {
        field.focus();
        field.scrollIntoView({ block: 'center' });
        return;
      }
    }
  });
}

function IssueSummary({ prefix, label }: { prefix: JsonPath; label: string }) {
  const issues = useEditor((s) => s.issues).filter((i) => startsWith(i.path, prefix));
  if (issues.length === 0) return null;
  return (
    <div className={styles.summary}>
      <p className={styles.summaryTitle}>
        {issues.length} problem{issues.length === 1 ? '' : 's'} in {label}:
      </p>
      <ul>
        {issues.map((issue, i) => (
          <li key={i}>
            <button type="button" className={styles.linkButton} onClick={() => focusIssue(issue)}>
              <span className={issue.severity === 'error' ? styles.error : styles.warning}>{issue.severity === 'error' ? 'Error' : 'Warning'}</span>{' '}
              {issue.where || pathText(issue.path ?? [])}: {issue.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PageSettings() {
  return (
    <section className={styles.form} aria-labelledby="form-title">
      <h2 id="form-title" className={styles.paneTitle}>
        Page settings
      </h2>
      <IssueSummary prefix={[]} label="the page" />
      <ObjectProperties path={[]} located={pageSchema} skip={['$schema', 'blocks']} />
    </section>
  );
}

function BlockSettings({ index }: { index: number }) {
  const entry = useEditor((s) => (s.doc.blocks as unknown[] | undefined)?.[index]);
  const { type, id } = entryName(entry);
  const path: JsonPath = ['blocks', index];
  const heading = (
    <h2 id="form-title" className={styles.paneTitle}>
      {type}
      {id && <span className={styles.outlineId}> {type === 'fragment' ? id : `#${id}`}</span>}
    </h2>
  );
  if (type === 'fragment') {
    return (
      <section className={styles.form} aria-labelledby="form-title">
        {heading}
        <IssueSummary prefix={path} label="this block" />
        <p className={styles.help}>
          A shared fragment, defined once under <code>fragments</code> in pages.json and shown on every page that names it. Edit it in pages.json.
        </p>
      </section>
    );
  }
  const entryLocated = entrySchema(type);
  const props = propsSchema(type);
  const idSchema = entryLocated?.schema.properties?.id;
  return (
    <section className={styles.form} aria-labelledby="form-title" key={pathKey(path)}>
      {heading}
      {props && <p className={styles.help}>{props.schema.description}</p>}
      <IssueSummary prefix={path} label="this block" />
      {entryLocated && props && idSchema ? (
        <>
          <SchemaField path={[...path, 'id']} located={resolve(schemaFiles, { schema: idSchema, file: entryLocated.file })} name="id" required={false} label="Id (anchor)" />
          <ObjectProperties path={[...path, 'props']} located={props} />
        </>
      ) : (
        <JsonField path={path} located={{ schema: { description: `There is no block type "${type}"; edit the entry as JSON or fix its type.` }, file: '' }} name={index} required label="Block entry" />
      )}
    </section>
  );
}

export function BlockForm() {
  const selected = useEditor((s) => s.selected);
  return selected === 'page' ? <PageSettings /> : <BlockSettings index={selected} key={selected} />;
}
