/**
 * A picture ({ src, alt, width, height }): chosen from the files under public/ with a thumbnail; choosing one
 * fills its width and height from the file, in the same undo step.
 */
import { useEditor } from '../editor-store';
import { getIn, type JsonPath } from '../json-path';
import { emptyValue, propertiesOf } from '../schema-model';
import { schemaFiles } from '../schemas';
import { useSite } from '../site-store';
import type { FieldProps } from './schema-field';
import { SchemaField } from './schema-field';
import { describedByOf, FieldFrame, Help, IssueList, useIssues } from './field-frame';
import { ImageSrcSelect } from './scalar-field';
import styles from '../editor.module.css';

export function ImageField({ path, located, required, label }: FieldProps & { label: string }) {
  const value = useEditor((s) => getIn(s.doc, path)) as Record<string, unknown> | undefined;
  const edit = useEditor((s) => s.edit);
  const images = useSite((s) => s.images);
  const issues = useIssues(path);
  const info = describedByOf(path, Boolean(located.schema.description), issues);
  if (value === undefined) {
    return (
      <div className={styles.field}>
        <button type="button" className={styles.secondaryButton} onClick={() => edit(path, emptyValue(schemaFiles, located))}>
          Add {label.toLowerCase()}
        </button>
        <Help id={info.id} description={located.schema.description} defaultValue={undefined} />
      </div>
    );
  }
  const srcPath: JsonPath = [...path, 'src'];
  const choose = (file: string | undefined) => {
    const size = images.find((i) => i.src === file);
    edit(path, { ...value, src: file ?? '', ...(size?.width ? { width: size.width, height: size.height } : {}) });
  };
  const others = propertiesOf(schemaFiles, located).filter((p) => p.name !== 'src');
  return (
    <fieldset className={styles.group} aria-describedby={info.describedBy}>
      <legend className={styles.legend}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      <Help id={info.id} description={located.schema.description} defaultValue={undefined} />
      <IssueList id={info.id} issues={issues} />
      <SrcField path={srcPath} onChoose={choose} />
      {others.map((p) => (
        <SchemaField key={p.name} path={[...path, p.name]} located={p.located} name={p.name} required={p.required} defaultValue={p.default} />
      ))}
      {!required && (
        <button type="button" className={styles.linkButton} onClick={() => edit(path, undefined)}>
          Remove {label.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}

function SrcField({ path, onChoose }: { path: JsonPath; onChoose(file: string | undefined): void }) {
  const value = useEditor((s) => getIn(s.doc, path));
  const issues = useIssues(path);
  const info = describedByOf(path, true, issues);
  return (
    <FieldFrame info={info} label="Picture" required description="A file under public/; its width and height are filled in from the file." defaultValue={undefined} issues={issues}>
      <ImageSrcSelect common={{ id: info.id, 'aria-describedby': info.describedBy, 'aria-invalid': info.invalid || undefined }} value={value} required onChange={onChoose} />
    </FieldFrame>
  );
}
