/**
 * Schema defaults, applied once where content is loaded (the Vite transform, and the tests through the same
 * code), so every component receives each defaulted prop filled in and no component writes a default again.
 * The filling itself is AJV's (useDefaults) inside the validator, so the defaults are those of the very schemas
 * that validate the content.
 */
import type { Finding, SchemaValidator } from './schema-validator.ts';
import { parseContentJson } from './json-positions.ts';

/** The files whose JSON gets its defaults, by repository-relative path with forward slashes. */
export type DefaultedFile = { kind: 'site-config' } | { kind: 'page' } | { kind: 'block-schema'; type: string };

export function defaultedFile(rel: string): DefaultedFile | undefined {
  if (rel === 'pages.json') return { kind: 'site-config' };
  if (/^pages\/[^/]+\.json$/.test(rel)) return { kind: 'page' };
  const schema = /^schemas\/blocks\/([^/]+)\.schema\.json$/.exec(rel);
  return schema ? { kind: 'block-schema', type: schema[1]! } : undefined;
}

/**
 * The JSON text of a content file with every schema default filled in: block props in page documents, in the
 * layout and fragments of pages.json, and in the examples of a block schema (the dev gallery renders them).
 * Undefined when the text is not JSON, so the JSON parser reports the syntax error as usual. Content that breaks
 * its schema still gets the defaults AJV could place; the content check reports the errors themselves.
 */
export function fillFileDefaults(validator: SchemaValidator, file: DefaultedFile, text: string): string | undefined {
  let value: unknown;
  try {
    value = parseContentJson(text);
  } catch {
    return undefined;
  }
  const filled = file.kind === 'site-config' ? validator.validateSiteConfig(value).withDefaults : file.kind === 'page' ? validator.validatePage(value).withDefaults : fillExampleDefaults(validator, file.type, value);
  return JSON.stringify(filled);
}

function fillExampleDefaults(validator: SchemaValidator, type: string, schema: unknown): unknown {
  if (!validator.blockTypes.includes(type) || schema === null || typeof schema !== 'object') return schema;
  const { examples } = schema as { examples?: unknown };
  if (!Array.isArray(examples)) return schema;
  return { ...schema, examples: examples.map((example) => validator.validateBlockProps(type, example).withDefaults) };
}

/** One block's props with their defaults, and what is wrong with them (for tests that build props by hand). */
export function blockPropsWithDefaults(validator: SchemaValidator, type: string, props: unknown): { props: unknown; findings: Finding[] } {
  const { withDefaults, findings } = validator.validateBlockProps(type, props);
  return { props: withDefaults, findings };
}
