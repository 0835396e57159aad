/**
 * What a value should look like, in words an editor can act on, read off its schema: its "title" and its
 * required properties ("a link, { "label": …, "href": … }"; "a list, [{ "title": …, "text": … }, …]").
 */

type Schema = Record<string, unknown>;

/** Resolves a "$ref" to the schema it names, when it can. */
export type RefResolver = (ref: string) => Schema | undefined;

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** "ContactSettings" → "contact settings". */
function words(title: string): string {
  return title
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

/** "a link", "an image", but "contact settings" and "hero props" (already plural). */
function named(title: string): string {
  const name = words(title);
  if (name.endsWith('s')) return name;
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** "IconName" → "icon names". */
export const pluralWords = (title: string): string => plural(words(title));

function plural(name: string): string {
  if (name.endsWith('s')) return name;
  return /[^aeiou]y$/.test(name) ? `${name.slice(0, -1)}ies` : `${name}s`;
}

function deref(schema: unknown, resolve: RefResolver): Schema | undefined {
  if (!isSchema(schema)) return undefined;
  if (typeof schema.$ref === 'string') return resolve(schema.$ref) ?? schema;
  return schema;
}

function objectLiteral(schema: Schema): string {
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  return required.length > 0 ? `{ ${required.map((r) => `"${r}": …`).join(', ')} }` : '{ … }';
}

const isObjectSchema = (schema: Schema | undefined): boolean => schema !== undefined && (schema.type === 'object' || isSchema(schema.properties));

/**
 * "a link, { "label": …, "href": … }" for an object schema, "a list, [{ … }, …]" for an array schema;
 * undefined for anything else (the plain type name says enough).
 */
export function expectedShape(schema: unknown, resolve: RefResolver): string | undefined {
  const own = deref(schema, resolve);
  if (!own) return undefined;
  if (isObjectSchema(own)) {
    return `${typeof own.title === 'string' ? named(own.title) : 'an object'}, ${objectLiteral(own)}`;
  }
  if (own.type === 'array') {
    const items = deref(own.items, resolve);
    if (items && isObjectSchema(items)) {
      const what = typeof items.title === 'string' ? `a list of ${plural(words(items.title))}` : 'a list';
      return `${what}, [${objectLiteral(items)}, …]`;
    }
    if (items?.type === 'string') return 'a list of texts, ["…", …]';
    return 'a list, […]';
  }
  return undefined;
}
