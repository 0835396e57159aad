/**
 * What a block inserted from the catalogue starts with: the least its schema asks for, each text a placeholder
 * naming its field ("[Heading — replace this text]"), each required list its minimum of items, each required
 * picture the "Choose a picture" illustration, each required link the home page. Never a schema example: those
 * are other pages' real copy. The content check reports every placeholder left (shared/placeholder-text.ts).
 */
import { fieldKind, itemsOf, labelOf, propertiesOf, type JsonSchema, type Located, type SchemaFiles } from '../../shared/schema-model';
import { itemLabel } from '../../shared/plain-place';
import { PLACEHOLDER_PICTURE, placeholderText } from '../../shared/placeholder-text';
import { propsSchema, schemaFiles } from '../../shared/schemas';

/** Where a required link points until the editor chooses: a path every site has. */
const PLACEHOLDER_LINK = '/';

const slug = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A text with a pattern is a code (an item's key, an address), not prose: the first candidate it accepts. */
function patterned(located: Located, label: string): string {
  const { schema } = located;
  const candidates = [slug(label), schema.default, ...(schema.examples ?? [])];
  const pattern = new RegExp(schema.pattern as string, 'u');
  return (candidates.find((c) => typeof c === 'string' && pattern.test(c)) as string | undefined) ?? '';
}

/**
 * The skeleton of one value that `label` names (its field's label, or its item's: "Sector 3"); `owner` names the
 * item it is part of, whose key it becomes when it is a key ("sector-3").
 */
function skeletonOf(files: SchemaFiles, located: Located, label: string, owner = label): unknown {
  const { schema } = located;
  const kind = fieldKind(located);
  switch (kind.kind) {
    case 'const':
      return kind.value;
    case 'enum':
      return schema.default ?? kind.options[0];
    case 'number':
      return schema.default ?? schema.minimum ?? 0;
    case 'boolean':
      return schema.default ?? false;
    case 'href':
      return PLACEHOLDER_LINK;
    case 'image-src':
      return PLACEHOLDER_PICTURE.src;
    case 'image':
      return { ...PLACEHOLDER_PICTURE, alt: placeholderText('Picture description') };
    case 'text':
      if (typeof schema.pattern === 'string') return patterned(located, owner);
      return placeholderText(label, schema.minLength);
    case 'array': {
      const items = itemsOf(files, located);
      // Values the list must contain ("contains": { "const": … }, the contact form's required fields) come first.
      const musts = [schema.contains, ...((schema.allOf as JsonSchema[] | undefined) ?? []).map((s) => s.contains)].flatMap((c) => ((c as JsonSchema | undefined)?.const !== undefined ? [(c as JsonSchema).const] : []));
      const more = Array.from({ length: Math.max(0, (schema.minItems ?? 0) - musts.length) }, (_, i) => skeletonOf(files, items, itemLabel(label, items.schema, musts.length + i)));
      return [...musts, ...more];
    }
    case 'object':
      return Object.fromEntries(
        propertiesOf(files, located)
          // A property with a default is filled in by the check and the renderer: the skeleton leaves it out.
          .filter((p) => p.required && p.default === undefined)
          .map((p) => [p.name, skeletonOf(files, p.located, labelOf(p.name, p.located.schema), label)]),
      );
    case 'json':
      return schema.default ?? null;
  }
}

/** The props a new block of `type` starts with. */
export function blockSkeleton(type: string): unknown {
  const props = propsSchema(type);
  return props ? skeletonOf(schemaFiles, props, type) : {};
}
