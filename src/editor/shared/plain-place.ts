/**
 * Where a value is, in the words an editor sees on screen: a block by its title ("Home page opening"), a field
 * by its label ("Button › Link"), never a JSON path. The conflict notice, the problem list and the merge's
 * "what came in" all name places through this one module, so a label reads the same everywhere.
 */
import { labelOf, propertiesOf, itemsOf, resolve, type JsonSchema, type Located, type SchemaFiles } from './schema-model';

type Segment = string | number;

/** A block type's title for people: its schema's `x-title`, else its type name in words. */
export function blockTitle(files: SchemaFiles, type: string): string {
  const title = files[`blocks/${type}.schema.json`]?.['x-title'];
  return typeof title === 'string' ? title : labelOf(type, {});
}

/** A block type's one-line description for people (`x-summary`), when its schema has one. */
export function blockSummary(files: SchemaFiles, type: string): string | undefined {
  const summary = files[`blocks/${type}.schema.json`]?.['x-summary'];
  return typeof summary === 'string' ? summary : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A list's item: named by the item schema's title when it is a word ("Testimonial 3"; "AccordionItem" names a
 * type, not a thing), else by the list's label made singular ("Questions" → "Question 3"), else "Item 3".
 */
export function itemLabel(listLabel: string, itemSchema: JsonSchema, index: number): string {
  const title = itemSchema.title;
  const singular = title && /^[A-Z][a-z]+( [a-z]+)*$/.test(title) ? title : /[^s]s$/.test(listLabel) && listLabel !== 'Items' ? listLabel.slice(0, -1) : 'Item';
  return `${singular} ${index + 1}`;
}

/** The schema of a value that may be a page's block or fragment reference (chosen by the value, as AJV does). */
function entryLocated(files: SchemaFiles, value: unknown): Located | undefined {
  if (!isRecord(value)) return undefined;
  if (typeof value.fragment === 'string') return { schema: files['defs/fragment-ref.schema.json'] ?? {}, file: 'defs/fragment-ref.schema.json' };
  const entry = typeof value.type === 'string' ? files['block.schema.json']?.$defs?.[value.type] : undefined;
  return entry ? { schema: entry, file: 'block.schema.json' } : undefined;
}

/** What a page's entry is called: a block by its type's title, a fragment reference as the shared section it shows. */
export function entryTitle(files: SchemaFiles, value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  if (typeof value.fragment === 'string') return `Shared section “${value.fragment}”`;
  if (typeof value.type === 'string' && files[`blocks/${value.type}.schema.json`]) return blockTitle(files, value.type);
  return undefined;
}

/** An item's own label when it names itself, with its place: "Key figures (block 2)". */
function entryLabel(files: SchemaFiles, value: unknown, index: number): string | undefined {
  const title = entryTitle(files, value);
  return title === undefined ? undefined : `${title} (block ${index + 1})`;
}

/**
 * The labels along `path` inside `value`, which `root` describes: ["Home page opening (block 1)", "Button",
 * "Link"]. A segment the schemas do not know is named as it is written, so the answer is never empty-handed.
 */
export function labelsAlong(files: SchemaFiles, root: Located, value: unknown, path: readonly Segment[]): string[] {
  const labels: string[] = [];
  let located: Located | undefined = resolve(files, root);
  let current = value;
  let parentLabel = '';
  for (const segment of path) {
    const next = isRecord(current) || Array.isArray(current) ? (current as Record<Segment, unknown>)[segment] : undefined;
    let label: string;
    let nextLocated: Located | undefined;
    if (typeof segment === 'number') {
      const items: Located | undefined = located ? itemsOf(files, located) : undefined;
      nextLocated = entryLocated(files, next) ?? items;
      label = entryLabel(files, next, segment) ?? itemLabel(parentLabel, items?.schema ?? {}, segment);
    } else {
      const property = located ? propertiesOf(files, located).find((p) => p.name === segment) : undefined;
      nextLocated = property?.located;
      label = labelOf(segment, (property?.located.schema ?? {}) as JsonSchema);
    }
    // An item names its list ("Testimonial 1", not "Items › Testimonial 1"), and a block's props are its fields
    // ("Home page opening › Heading", not "… › Props › Heading").
    if (typeof segment === 'number' && Array.isArray(current)) labels.pop();
    if (!(segment === 'props' && entryLocated(files, current))) labels.push(label);
    parentLabel = label;
    located = nextLocated ? resolve(files, nextLocated) : undefined;
    current = next;
  }
  return labels;
}

/** The labels joined for reading: "Home page opening (block 1) › Button › Link". */
export const placeText = (labels: readonly string[]) => labels.join(' › ');
