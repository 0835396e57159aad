/**
 * Fields for a single value: text (one line or several), a link target with the site's paths suggested, a
 * picture under public/, a number, a yes/no, a choice from a list, or a fixed value. Clearing an optional
 * field removes the property, so the file never gains an empty "" the writer did not mean.
 */
import { useState } from 'react';
import { sharedOptions } from './shared-options';
import type { FieldKind } from '../../shared/schema-model';
import { useEditor } from '../model/editor-store';
import { getIn, pathKey } from '../model/json-path';
import { useSite, type SiteValue } from '../model/site-store';
import type { FieldProps } from './schema-field';
import { describedByOf, FieldFrame, Help, IssueList, useIssues, type FrameInfo } from './field-frame';
import type { EditorIssue, PublicImage } from '../../shared/editor-contract';
import { thumbnailOf, VisitorWidths } from '../picture-grid';
import styles from '../editor.module.css';

type ScalarKind = Exclude<FieldKind, { kind: 'object' | 'image' | 'array' | 'json' }>;

export function ScalarField({ path, located, required, defaultValue, label, kind }: FieldProps & { label: string; kind: ScalarKind }) {
  const value = useEditor((s) => getIn(s.doc, path));
  const edit = useEditor((s) => s.edit);
  const issues = useIssues(path);
  const { schema } = located;
  const info = describedByOf(path, Boolean(schema.description) || defaultValue !== undefined, issues);
  const common = { id: info.id, 'aria-describedby': info.describedBy, 'aria-invalid': info.invalid || undefined, 'aria-required': required || undefined };
  const setText = (text: string) => edit(path, text === '' && !required ? undefined : text, pathKey(path));
  let control;
  switch (kind.kind) {
    case 'text': {
      const props = { ...common, className: styles.input, value: typeof value === 'string' ? value : '', placeholder: typeof defaultValue === 'string' ? defaultValue : undefined };
      control = kind.multiline ? <textarea {...props} rows={3} onChange={(e) => setText(e.target.value)} /> : <input {...props} type="text" onChange={(e) => setText(e.target.value)} />;
      break;
    }
    case 'href':
      control = <HrefInput common={common} value={value} onChange={setText} />;
      break;
    case 'image-src':
      control = <ImageSrcSelect common={common} value={value} required={required} onChange={(src) => edit(path, src)} />;
      break;
    case 'number':
      control = (
        <input
          {...common}
          className={styles.input}
          type="number"
          inputMode={kind.integer ? 'numeric' : 'decimal'}
          step={kind.integer ? 1 : 'any'}
          min={schema.minimum}
          max={schema.maximum}
          value={typeof value === 'number' ? value : ''}
          placeholder={typeof defaultValue === 'number' ? String(defaultValue) : undefined}
          onChange={(e) => {
            // An emptied number is left out, even a required one (the check then asks for it): writing 0 there put
            // a 0 before whatever was typed next.
            const text = e.target.value;
            edit(path, text === '' ? undefined : Number(text), pathKey(path));
          }}
        />
      );
      break;
    case 'boolean':
      // An optional box set back to its default is left out, as an emptied optional text is: the file says no more than it means.
      return (
        <div className={`${styles.field} ${styles.checkField}`}>
          <input {...common} type="checkbox" checked={typeof value === 'boolean' ? value : Boolean(defaultValue)} onChange={(e) => edit(path, !required && e.target.checked === Boolean(defaultValue) ? undefined : e.target.checked)} />
          <label htmlFor={info.id} className={styles.label}>
            {label}
          </label>
          <FieldFrameTail info={info} description={schema.description} defaultValue={defaultValue} issues={issues} />
        </div>
      );
    case 'enum':
      control = (
        <select {...common} className={styles.input} value={value === undefined ? '' : JSON.stringify(value)} onChange={(e) => edit(path, e.target.value === '' ? undefined : JSON.parse(e.target.value))}>
          {(!required || value === undefined) && <option value="">{defaultValue !== undefined ? `Default (${String(defaultValue)})` : 'Not set'}</option>}
          {sharedOptions(kind.options, enumOption)}
        </select>
      );
      break;
    case 'const':
      control = <input {...common} className={styles.input} type="text" readOnly value={String(kind.value)} />;
      break;
  }
  return (
    <FieldFrame info={info} label={label} required={required} description={schema.description} defaultValue={defaultValue} issues={issues}>
      {control}
    </FieldFrame>
  );
}

function FieldFrameTail({ info, description, defaultValue, issues }: { info: FrameInfo; description: string | undefined; defaultValue: unknown; issues: EditorIssue[] }) {
  return (
    <>
      <Help id={info.id} description={description} defaultValue={defaultValue} />
      <IssueList id={info.id} issues={issues} />
    </>
  );
}

interface Common {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/** Each anchor of the page ("#faq") on a line: equal while a block's text is typed, so the list is not built again. */
const anchorsOf = (blocks: unknown): string => (Array.isArray(blocks) ? blocks : []).flatMap((b) => (b && typeof (b as { id?: unknown }).id === 'string' ? [`#${(b as { id: string }).id}`] : [])).join('\n');

function LinkSuggestions({ id }: { id: string }) {
  const routes = useEditor((s) => s.doc.site.routes) as SiteValue['routes'];
  const anchors = useEditor((s) => anchorsOf(s.doc.page.blocks));
  return (
    <datalist id={id}>
      {(routes ?? [])
        .filter((r) => !r.path.includes(':'))
        .map((r) => (
          <option key={r.path} value={r.path} />
        ))}
      {anchors
        .split('\n')
        .filter(Boolean)
        .map((anchor) => (
          <option key={anchor} value={anchor} />
        ))}
    </datalist>
  );
}

/**
 * Paths of the site (and this page's anchors) offered as you type; any other address may still be written. The
 * list is there while the field has focus: a form of many links on a page of hundreds of blocks stays light.
 */
function HrefInput({ common, value, onChange }: { common: Common; value: unknown; onChange(text: string): void }) {
  const [focused, setFocused] = useState(false);
  const listId = `${common.id}-paths`;
  return (
    <>
      <input {...common} className={styles.input} type="text" list={listId} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} onFocus={() => setFocused(true)} onBlur={() => setFocused(false)} />
      {focused && <LinkSuggestions id={listId} />}
    </>
  );
}

/** One option per picture under public/. */
const pictureOption = (image: PublicImage) => (
  <option key={image.src} value={image.src}>
    {image.src}
    {image.width ? ` (${image.width}×${image.height})` : ''}
  </option>
);

/** One option per value of an enum. */
const enumOption = (option: unknown) => (
  <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
    {String(option)}
  </option>
);

function ImageSrcSelect({ common, value, required, onChange }: { common: Common; value: unknown; required: boolean; onChange(src: string | undefined): void }) {
  const images = useSite((s) => s.images);
  const src = typeof value === 'string' ? value : '';
  const picked = images.find((i) => i.src === src);
  const known = picked !== undefined;
  return (
    <>
      <div className={styles.imagePicker}>
        <select {...common} className={styles.input} value={src} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
          {(!required || src === '') && <option value="">No picture</option>}
          {src !== '' && !known && <option value={src}>{src} (not in public/)</option>}
          {sharedOptions(images, pictureOption)}
        </select>
        {src !== '' && known && <img className={styles.thumbnail} src={thumbnailOf(src)} alt="" width={96} height={72} />}
      </div>
      <VisitorWidths picked={picked} src={src} className={styles.help} />
    </>
  );
}
