/**
 * Problems in the schema files themselves, each at its file:line:col, in plain words: a JSON syntax error, a
 * value the JSON Schema meta-schema refuses ("type": "strin"), and what AJV refuses when it compiles a schema in
 * strict mode (an unknown keyword or format, a broken "$ref" or "pattern").
 */
import type { ErrorObject } from 'ajv';
import type { Node } from 'jsonc-parser';
import { didYouMean } from './did-you-mean.ts';
import { lineColumn, positionAt, type ParsedJson, type Position } from './json-positions.ts';

export interface SchemaProblem extends Position {
  /** Relative to the schemas folder, with forward slashes: "blocks/faq.schema.json". */
  file: string;
  message: string;
}

/** Thrown when any schema file cannot be used; `problems` says where and why, one entry per mistake. */
export class SchemaCompileError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(problems.map((p) => `schemas/${p.file}:${p.line}:${p.column}  ${p.message}`).join('\n'));
    this.name = 'SchemaCompileError';
  }
}

type JsonPath = Array<string | number>;

const pointerToPath = (pointer: string): JsonPath =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));

const dotted = (at: JsonPath) =>
  at
    .map((s) => (typeof s === 'number' ? `[${s}]` : s))
    .join('.')
    .replace(/\.\[/g, '[') || 'the schema';

/** One problem per place the meta-schema refuses, with the most telling of AJV's errors there. */
export function metaSchemaProblems(file: string, parsed: ParsedJson, errors: ErrorObject[]): SchemaProblem[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) byPath.set(e.instancePath, [...(byPath.get(e.instancePath) ?? []), e]);
  // A deeper error explains its parents' "anyOf"/"$ref" failures: keep only the deepest paths.
  const paths = [...byPath.keys()].filter((p) => ![...byPath.keys()].some((other) => other !== p && other.startsWith(`${p}/`)));
  return paths.map((pointer) => {
    const at = pointerToPath(pointer);
    const found = byPath.get(pointer)!;
    const best = found.find((e) => e.keyword === 'enum') ?? found.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf') ?? found[0]!;
    return { file, ...positionAt(parsed, at), message: metaMessage(at, best) };
  });
}

function metaMessage(at: JsonPath, e: ErrorObject): string {
  const where = dotted(at);
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'enum' && Array.isArray(p.allowedValues)) {
    const allowed = p.allowedValues.map((v) => JSON.stringify(v));
    const guess = typeof e.data === 'string' ? didYouMean(e.data, p.allowedValues.map(String)) : undefined;
    return `${where} is ${JSON.stringify(e.data)}, which JSON Schema does not allow here${guess ? ` — did you mean "${guess}"?` : '.'} Allowed: ${allowed.join(', ')}.`;
  }
  if (e.keyword === 'type') return `${where} must be ${String(p.type)}, not ${JSON.stringify(e.data)}.`;
  return `${where} ${e.message ?? `breaks the "${e.keyword}" rule of JSON Schema`}.`;
}

/** Where a compile error of AJV points in the file, and what it says, in words. */
export function compileProblem(file: string, parsed: ParsedJson, error: Error): SchemaProblem {
  const message = error.message.replace(/^strict mode: /, '');
  const at = locate(parsed, message);
  return { file, ...at, message: compileMessage(message) };
}

function compileMessage(message: string): string {
  const keyword = /^unknown keyword: "([^"]+)"/.exec(message);
  if (keyword) return `unknown keyword "${keyword[1]}": strict mode allows only JSON Schema keywords and those scripts/content-check/schema-validator.ts registers. Remove it, fix its spelling, or put notes in "description".`;
  const format = /^unknown format "([^"]+)"/.exec(message);
  if (format) return `unknown format "${format[1]}": use one ajv-formats knows, such as "email", "uri" or "date".`;
  const ref = /^can't resolve reference (\S+)/.exec(message);
  if (ref) return `the "$ref" "${ref[1]}" names no schema file: point it at a file of schemas/ (relative to this one) or at "#/$defs/…" of this file.`;
  if (message.startsWith('Invalid regular expression')) return `${message}: fix the "pattern" (it is a JavaScript regular expression with the u flag).`;
  return `AJV cannot compile it: ${message}.`;
}

function locate(parsed: ParsedJson, message: string): Position {
  const pointer = /at (?:path )?"[^"#]*#([^"]*)"/.exec(message);
  if (pointer) return positionAt(parsed, pointerToPath(pointer[1]!));
  const keyword = /^unknown keyword: "([^"]+)"/.exec(message);
  if (keyword) return nodePosition(parsed, (key) => key === keyword[1]);
  const ref = /^can't resolve reference (\S+)/.exec(message);
  if (ref) return nodePosition(parsed, (key, value) => key === '$ref' && value === ref[1]);
  const regex = /^Invalid regular expression: \/(.*)\/[a-z]*:/.exec(message);
  if (regex) return nodePosition(parsed, (key, value) => key === 'pattern' && value === regex[1]);
  return { line: 1, column: 1 };
}

/** Keys whose values are data or names, not schema keywords. */
const notKeywords = new Set(['examples', 'default', 'const', 'enum']);
const namesOnly = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);

/** The first property (in document order) whose key and value match, outside data and property names. */
function nodePosition(parsed: ParsedJson, match: (key: string, value: unknown) => boolean): Position {
  let found: Node | undefined;
  const walk = (node: Node, parentKey: string | undefined) => {
    if (found) return;
    if (node.type === 'array') for (const child of node.children ?? []) walk(child, undefined);
    if (node.type !== 'object') return;
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (!keyNode || !valueNode) continue;
      const key = String(keyNode.value);
      if (!namesOnly.has(parentKey ?? '') && match(key, valueNode.value)) {
        found = keyNode;
        return;
      }
      if (!notKeywords.has(key)) walk(valueNode, key);
    }
  };
  if (parsed.tree) walk(parsed.tree, undefined);
  return found ? lineColumn(parsed.text, found.offset) : { line: 1, column: 1 };
}
