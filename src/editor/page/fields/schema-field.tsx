/** One value of a document, edited by the field its schema calls for (schema-model.ts `fieldKind`). */
import { fieldKind, labelOf, type Located } from '../../shared/schema-model';
import type { JsonPath } from '../model/json-path';
import { ArrayField } from './array-field';
import { ObjectField } from './object-field';
import { ImageField } from './image-field';
import { ScalarField } from './scalar-field';
import { JsonField } from './json-field';

export interface FieldProps {
  path: JsonPath;
  located: Located;
  name: string | number;
  required: boolean;
  /** The default AJV fills in when the property is missing. */
  defaultValue?: unknown;
  /** Shown instead of the label derived from the name (array items: "Item 2 — Onboarding"). */
  label?: string;
}

export function SchemaField(props: FieldProps) {
  const kind = fieldKind(props.located, String(props.name));
  const label = props.label ?? labelOf(props.name, props.located.schema);
  switch (kind.kind) {
    case 'object':
      return <ObjectField {...props} label={label} />;
    case 'image':
      return <ImageField {...props} label={label} />;
    case 'array':
      return <ArrayField {...props} label={label} />;
    case 'json':
      return <JsonField {...props} label={label} />;
    default:
      return <ScalarField {...props} label={label} kind={kind} />;
  }
}
