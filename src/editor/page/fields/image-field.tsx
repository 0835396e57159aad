/**
 * A picture ({ src, alt, width, height }): a group like any object's, whose file is chosen in the picture library
 * (a dialog of the site's photographs and illustrations, where a photograph can also be uploaded); choosing one
 * fills its width and height from the file, in the same undo step, and puts focus in the alt text, which is the
 * editor's to write (its old text is selected, so typing replaces it). The "Decorative picture" box shows only
 * where the block's schema lets the picture be decorative ("x-decorative"), and the alt is required unless it is
 * ticked.
 */
import { useEffect, useRef, useState } from 'react';
import type { PublicImage } from '../../shared/editor-contract';
import { labelsAlong, placeText } from '../../shared/plain-place';
import { pageSchema, schemaFiles } from '../../shared/schemas';
import { useEditor } from '../model/editor-store';
import { getIn, type JsonPath } from '../model/json-path';
import { useSite } from '../model/site-store';
import { PictureLibrary } from '../picture-library';
import { pictureWords, sizeOf, thumbnailOf, VisitorWidths } from '../picture-grid';
import type { FieldProps } from './schema-field';
import { describedByOf, fieldId, Help, IssueList, useIssues } from './field-frame';
import { ObjectField, ObjectProperties } from './object-field';
import editorStyles from '../editor.module.css';
import styles from '../picture-library.module.css';

export function ImageField(props: FieldProps & { label: string }) {
  const { path, located } = props;
  const edit = useEditor((s) => s.edit);
  const decorative = useEditor((s) => (getIn(s.doc, path) as { decorative?: unknown } | undefined)?.decorative === true);
  const mayBeDecorative = located.schema['x-decorative'] === true;
  const choose = (image: PublicImage) => {
    const value = getIn(useEditor.getState().doc, path) as Record<string, unknown>;
    edit(path, { ...value, src: image.src, ...(image.width ? { width: image.width, height: image.height } : {}) });
  };
  return (
    <ObjectField {...props}>
      <SrcField path={path} label={props.label} onChoose={choose} />
      <ObjectProperties path={path} located={located} skip={mayBeDecorative ? ['src'] : ['src', 'decorative']} required={decorative ? [] : ['alt']} />
    </ObjectField>
  );
}

/** The picture's place in words, for the library's title: "Our story (block 3) › Image" on a page, its label elsewhere. */
function placeOf(path: JsonPath, label: string): string {
  if (path[0] !== 'page') return label;
  return placeText(labelsAlong(schemaFiles, pageSchema, useEditor.getState().doc.page, path.slice(1)));
}

/** Where focus goes when the library closes: the alt text after a choice, else back to the button that opened it. */
type After = 'alt' | 'button';

function SrcField({ path, label, onChoose }: { path: JsonPath; label: string; onChoose(image: PublicImage): void }) {
  const srcPath = [...path, 'src'];
  const value = useEditor((s) => getIn(s.doc, srcPath));
  const src = typeof value === 'string' ? value : '';
  const picked = useSite((s) => s.images.find((i) => i.src === src));
  const issues = useIssues(srcPath);
  const info = describedByOf(srcPath, true, issues);
  const [open, setOpen] = useState(false);
  const after = useRef<After | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open || after.current === undefined) return;
    const wanted = after.current;
    const alt = document.getElementById(fieldId([...path, 'alt']));
    const text = wanted === 'alt' && (alt instanceof HTMLInputElement || alt instanceof HTMLTextAreaElement) ? alt : undefined;
    after.current = undefined;
    if (text) {
      text.focus();
      text.select();
    } else button.current?.focus();
  });

  const close = (next: After) => {
    after.current = next;
    setOpen(false);
  };
  const { name, kind } = pictureWords(src);
  return (
    <div className={editorStyles.field}>
      <span className={editorStyles.label} id={`${info.id}-label`}>
        Picture<span aria-hidden="true"> *</span>
      </span>
      <div className={styles.current}>
        {src !== '' && picked && <img className={editorStyles.thumbnail} src={thumbnailOf(src)} alt="" width={96} height={72} />}
        <p id={`${info.id}-current`} className={styles.currentText}>
          {src === '' ? 'No picture chosen yet.' : name}
          {src !== '' && <span className={styles.currentMeta}>{picked ? `${kind}${picked.width ? ` · ${sizeOf(picked)}` : ''}` : `${src} is not in the project’s files.`}</span>}
        </p>
        <button ref={button} id={info.id} type="button" className={editorStyles.secondaryButton} aria-describedby={[`${info.id}-current`, info.describedBy].filter(Boolean).join(' ')} onClick={() => setOpen(true)}>
          {src === '' ? 'Choose a picture…' : 'Change picture…'}
        </button>
      </div>
      <VisitorWidths picked={picked} src={src} className={editorStyles.help} />
      <Help id={info.id} description="Its width and height are filled in from the file." defaultValue={undefined} />
      <IssueList id={info.id} issues={issues} />
      {open && (
        <PictureLibrary
          current={src}
          fieldLabel={placeOf(path, label)}
          onChoose={(image) => {
            onChoose(image);
            close('alt');
          }}
          onClose={() => close('button')}
        />
      )}
    </div>
  );
}
