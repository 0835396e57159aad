/**
 * The schemas as the editor reads them: every file under schemas/, each property resolved through its $refs,
 * and classified into the kind of field that edits it. Pure functions over the schema objects, so the form
 * generation is unit-tested without a browser.
 */
export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  examples?: unknown[];
  'x-link'?: boolean;
  'x-image'?: boolean;
  /** Beside a picture's $ref: the picture there may be marked decorative. */
  'x-decorative'?: boolean;
  [keyword: string]: unknown;
}

/** A schema and the file it was found in ("blocks/hero.schema.json"), against which its $refs resolve. */
export interface Located {
  schema: JsonSchema;
  file: string;
}

export type SchemaFiles = Readonly<Record<string, JsonSchema>>;

function join(fromFile: string, relative: string): string {
  const parts = fromFile.split('/').slice(0, -1);
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/**
 * Follows $ref (to another file, or to #/$defs/… of a file) until a schema with content; what the referring schema
 * says of its own place wins: its description, and whether the picture there may be decorative.
 */
export function resolve(files: SchemaFiles, located: Located): Located {
  let { schema, file } = located;
  const { description, 'x-decorative': decorative } = schema;
  for (let hops = 0; schema.$ref !== undefined && hops < 20; hops++) {
    const [target = '', pointer = ''] = schema.$ref.split('#');
    if (target) file = join(file, target);
    let next = files[file];
    for (const segment of pointer.split('/').filter(Boolean)) next = (next as Record<string, JsonSchema> | undefined)?.[segment];
    if (!next) throw new Error(`The schema reference "${schema.$ref}" in schemas/${located.file} leads nowhere.`);
    schema = next;
  }
  const own = { ...(description !== undefined && description !== schema.description ? { description } : {}), ...(decorative !== undefined && decorative !== schema['x-decorative'] ? { 'x-decorative': decorative } : {}) };
  return { schema: Object.keys(own).length > 0 ? { ...schema, ...own } : schema, file };
}

export type FieldKind =
  | { kind: 'text'; multiline: boolean }
  | { kind: 'href' }
  | { kind: 'image-src' }
  | { kind: 'image' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: unknown[] }
  | { kind: 'const'; value: unknown }
  | { kind: 'array' }
  | { kind: 'object' }
  | { kind: 'json' };

const LONG_TEXT_NAMES = /^(text|content|intro|description|body|quote|answer|summary|paragraph|message|lead)$/i;

/** Which field edits a (resolved) schema; `name` is the property's name, which hints at long text. */
export function fieldKind(located: Located, name = ''): FieldKind {
  const { schema, file } = located;
  if (schema.const !== undefined) return { kind: 'const', value: schema.const };
  if (Array.isArray(schema.enum)) return { kind: 'enum', options: schema.enum };
  if (file === 'defs/image.schema.json' && schema.properties?.src) return { kind: 'image' }; // the picture itself, not its alt or width
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema['x-link']) return { kind: 'href' };
      if (schema['x-image']) return { kind: 'image-src' };
      return { kind: 'text', multiline: LONG_TEXT_NAMES.test(name) || /\b(paragraph|sentences?)\b/i.test(schema.description ?? '') || (schema.maxLength ?? 0) > 120 || (schema.minLength ?? 0) > 40 };
    case 'integer':
    case 'number':
      return { kind: 'number', integer: type === 'integer' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      return schema.items ? { kind: 'array' } : { kind: 'json' };
    case 'object':
      return schema.properties ? { kind: 'object' } : { kind: 'json' };
    default:
      return { kind: 'json' };
  }
}

/** Property names whose words alone would be a developer's ("Cta", "Href"): the words an editor knows instead. */
const PLAIN_WORDS: Readonly<Record<string, string>> = {
  cta: 'Button',
  href: 'Link',
  src: 'Picture file',
  alt: 'Picture description',
  image: 'Picture',
  imageSide: 'Picture side',
  eyebrow: 'Line above the heading',
  blurb: 'Short description',
  listHead: 'List heading',
  tocLabel: 'Contents heading',
  fragment: 'Shared section',
  fragments: 'Shared sections',
  layout: 'Site header and footer',
};

/** A list of things with a title ("Testimonial"): "Testimonials" says what it holds, "Items" does not. */
const ITEM_TITLE = /^[A-Z][a-z]+$/;

/**
 * The field's label: the schema's title where it is written for people, else a plain word for a developer's
 * name, else the property name in words. A list of "items" is named by what its items are.
 */
export function labelOf(name: string | number, schema: JsonSchema): string {
  if (typeof name === 'number') return `Item ${name + 1}`;
  // A schema title such as "HeroProps" or "AccordionItem" names a TypeScript type, not a field.
  if (schema.title && /\s/.test(schema.title)) return schema.title;
  if (PLAIN_WORDS[name]) return PLAIN_WORDS[name];
  const itemTitle = schema.items?.title;
  if (name === 'items' && itemTitle && ITEM_TITLE.test(itemTitle)) return `${itemTitle}s`;
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The properties of an object schema, in the schema's order, each resolved. */
export interface Property {
  name: string;
  located: Located;
  required: boolean;
  /** The default written on the property itself: the one AJV fills in (it does not look behind a $ref for it). */
  default: unknown;
}

export function propertiesOf(files: SchemaFiles, located: Located): Property[] {
  const required = new Set(located.schema.required ?? []);
  return Object.entries(located.schema.properties ?? {}).map(([name, schema]) => ({ name, located: resolve(files, { schema, file: located.file }), required: required.has(name), default: schema.default }));
}

export function itemsOf(files: SchemaFiles, located: Located): Located {
  return resolve(files, { schema: located.schema.items ?? {}, file: located.file });
}

/**
 * A new value for a schema: its default, else the least that its type allows (required properties filled,
 * arrays empty). The content check then says what still needs writing.
 */
export function emptyValue(files: SchemaFiles, located: Located): unknown {
  const { schema } = located;
  if (schema.default !== undefined) return structuredClone(schema.default);
  const kind = fieldKind(located);
  switch (kind.kind) {
    case 'const':
      return kind.value;
    case 'enum':
      return kind.options[0];
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
    case 'image':
      return Object.fromEntries(
        propertiesOf(files, located)
          .filter((p) => p.required)
          .map((p) => [p.name, emptyValue(files, p.located)]),
      );
    case 'json':
      return null;
    default:
      return '';
  }
}
