/**
 * Schema → the schema json-schema-to-typescript compiles. The generated types describe what components
 * RECEIVE, after the loader has filled in the defaults, and each shared declaration is written once.
 * The schemas on disk (what editors write and validation checks) stay as they are.
 */

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The keywords whose values are subschemas: one, a list, or a map of them. Everything else is data. */
const oneSchema = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
const schemaList = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const schemaMap = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/** Rebuilds a schema bottom-up, calling `visit` on every (sub)schema. */
function mapSchema(schema: unknown, visit: (node: Node) => Node): unknown {
  if (!isNode(schema)) return schema;
  const node: Node = { ...schema };
  for (const key of oneSchema) if (key in node) node[key] = mapSchema(node[key], visit);
  for (const key of schemaList) if (Array.isArray(node[key])) node[key] = (node[key] as unknown[]).map((sub) => mapSchema(sub, visit));
  for (const key of schemaMap) {
    if (isNode(node[key])) node[key] = Object.fromEntries(Object.entries(node[key]).map(([name, sub]) => [name, mapSchema(sub, visit)]));
  }
  return visit(node);
}

/**
 * Every property with a "default" becomes required, at every depth (array items, $defs): the loader fills the
 * default in, so a component can rely on it.
 */
export function requireDefaulted(schema: unknown): unknown {
  return mapSchema(schema, (node) => {
    if (!isNode(node.properties)) return node;
    const defaulted = Object.entries(node.properties).flatMap(([name, property]) => (isNode(property) && property.default !== undefined ? [name] : []));
    const required = Array.isArray(node.required) ? (node.required as string[]) : [];
    const missing = defaulted.filter((name) => !required.includes(name));
    return missing.length === 0 ? node : { ...node, required: [...required, ...missing] };
  });
}

/**
 * A $ref to a file of schemas/defs/ becomes a reference by name ("Link"), declared once in the shared file
 * instead of copied into every file that uses it. `defName` maps the reference to that name, or throws.
 * Returns the rewritten schema and the names it uses.
 */
export function refsToDefNames(schema: unknown, defName: (ref: string) => string): { schema: unknown; uses: Set<string> } {
  const uses = new Set<string>();
  const rewritten = mapSchema(schema, (node) => {
    if (typeof node.$ref !== 'string' || node.$ref.startsWith('#')) return node;
    const { $ref, ...rest } = node;
    const name = defName($ref);
    uses.add(name);
    return { ...rest, tsType: name };
  });
  return { schema: rewritten, uses };
}

/** Block entries inside pages.json are typed by hand (tsType): drop their $ref so they are not expanded again. */
export function dropTypedRefs(schema: unknown): unknown {
  return mapSchema(schema, (node) => {
    if (!('tsType' in node) || !('$ref' in node)) return node;
    const { $ref: _dropped, ...rest } = node;
    return rest;
  });
}
