/**
 * A picture ({ src, alt, width, height }): a group like any object's, whose file is chosen from those under
 * public/ with a thumbnail; choosing one fills its width and height from the file, in the same undo step. The
 * "Decorative picture" box shows only where the block's schema lets the picture be decorative ("x-decorative"),
 * and the alt is required unless it is ticked.
 */
import { useEditor } from '../model/editor-store';
import { getIn, type JsonPath } from '../model/json-path';
import { useSite } from '../model/site-store';
import type { FieldProps } from './schema-field';
import { describedByOf, FieldFrame, useIssues } from './field-frame';
import { ObjectField, ObjectProperties } from './object-field';
import { ImageSrcSelect } from './scalar-field';

export function ImageField(props: FieldProps & { label: string }) {
  const { path, located } = props;
  const edit = useEditor((s) => s.edit);
  const images = useSite((s) => s.images);
  const decorative = useEditor((s) => (getIn(s.doc, path) as { decorative?: unknown } | undefined)?.decorative === true);
  const mayBeDecorative = located.schema['x-decorative'] === true;
  const choose = (file: string | undefined) => {
    const value = getIn(useEditor.getState().doc, path) as Record<string, unknown>;
    const size = images.find((i) => i.src === file);
    edit(path, { ...value, src: file ?? '', ...(size?.width ? { width: size.width, height: size.height } : {}) });
  };
  return (
    <ObjectField {...props}>
      <SrcField path={[...path, 'src']} onChoose={choose} />
      <ObjectProperties path={path} located={located} skip={mayBeDecorative ? ['src'] : ['src', 'decorative']} required={decorative ? [] : ['alt']} />
    </ObjectField>
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
