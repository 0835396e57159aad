/**
 * The schema defaults filled into a block's props, as AJV's useDefaults fills them when the content check
 * loads a document (a property missing from an object gets its schema's default; arrays and objects that
 * exist are walked into). The preview needs complete props and the browser has no AJV, so this walks the
 * schema objects; a unit test holds it equal to the content check's result on every page and example.
 */
import { itemsOf, propertiesOf, type Located, type SchemaFiles } from './schema-model';

export function fillDefaults(files: SchemaFiles, located: Located, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!located.schema.items) return value;
    const items = itemsOf(files, located);
    let changed = false;
    const filled = value.map((item) => {
      const next = fillDefaults(files, items, item);
      changed ||= next !== item;
      return next;
    });
    return changed ? filled : value;
  }
  if (value === null || typeof value !== 'object' || !located.schema.properties) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const property of propertiesOf(files, located)) {
    const current = record[property.name];
    const next = current === undefined ? (property.default !== undefined ? structuredClone(property.default) : undefined) : fillDefaults(files, property.located, current);
    if (next !== current) (copy ??= { ...record })[property.name] = next;
  }
  return copy ?? value;
}
