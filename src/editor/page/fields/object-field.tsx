/**
 * A nested object as a group of fields, one per property in the schema's order. An optional object that is
 * absent shows an "Add" button instead; a present one can be removed again.
 */
import type { ReactNode } from 'react';
import { useEditor } from '../model/editor-store';
import { getIn, type JsonPath } from '../model/json-path';
import { emptyValue, propertiesOf, type Located } from '../../shared/schema-model';
import { schemaFiles } from '../../shared/schemas';
import type { FieldProps } from './schema-field';
import { SchemaField } from './schema-field';
import { describedByOf, Help, IssueList, useIssues } from './field-frame';
import styles from '../editor.module.css';

/** `children`: fields in place of one per property (the picture's own). */
export function ObjectField({ path, located, required, label, children }: FieldProps & { label: string; children?: ReactNode }) {
  const present = useEditor((s) => getIn(s.doc, path) !== undefined);
  const edit = useEditor((s) => s.edit);
  const issues = useIssues(path);
  const info = describedByOf(path, Boolean(located.schema.description), issues);
  if (!present) {
    return (
      <div className={styles.field}>
        <button type="button" className={styles.secondaryButton} onClick={() => edit(path, emptyValue(schemaFiles, located))} aria-describedby={info.describedBy}>
          Add {label.toLowerCase()}
        </button>
        <Help id={info.id} description={located.schema.description} defaultValue={undefined} />
        <IssueList id={info.id} issues={issues} />
      </div>
    );
  }
  return (
    <fieldset className={styles.group} aria-describedby={info.describedBy}>
      <legend className={styles.legend}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      <Help id={info.id} description={located.schema.description} defaultValue={undefined} />
      <IssueList id={info.id} issues={issues} />
      {children ?? <ObjectProperties path={path} located={located} />}
      {!required && (
        <button type="button" className={styles.linkButton} onClick={() => edit(path, undefined)}>
          Remove {label.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The fields of an object's properties, without a group around them (a block's props, an array item).
 * `required`: properties required here though the schema leaves them optional (a picture's alt, unless it is decorative).
 */
export function ObjectProperties({ path, located, skip = [], required = [] }: { path: JsonPath; located: Located; skip?: readonly string[]; required?: readonly string[] }) {
  return (
    <>
      {propertiesOf(schemaFiles, located)
        .filter((p) => !skip.includes(p.name))
        .map((p) => (
          <SchemaField key={p.name} path={[...path, p.name]} located={p.located} name={p.name} required={p.required || required.includes(p.name)} defaultValue={p.default} />
        ))}
    </>
  );
}
