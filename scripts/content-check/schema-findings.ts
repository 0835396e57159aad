/**
 * AJV's errors said for people: each becomes a finding (the value's path and a message) that names what is
 * wrong and what to write instead (a block type, a property or a choice meant, an expected shape, a corrected
 * value). schema-validator.ts runs AJV and hands its errors here.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { didYouMean } from './did-you-mean.ts';
import { expectedShape, type RefResolver } from './expected-shape.ts';
import { notAChoiceMessage } from './fixed-choices.ts';
import { imagePathFormMessage } from './image-paths.ts';
import type { ContentIssue } from './issue.ts';
import type { ParsedJson } from './json-positions.ts';
import { linkFormProblem } from './link-forms.ts';
import { fixToPattern } from './pattern-fix.ts';

export type JsonPath = Array<string | number>;

export interface Finding {
  path: JsonPath;
  /** Set when the finding is about a property name (unknown property): the position is that name. */
  key?: string;
  rule: ContentIssue['rule'];
  message: string;
}

export function toPath(instancePath: string): JsonPath {
  if (!instancePath) return [];
  // Called for every link and picture of every document: the escapes are undone only where there are any.
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => (s.includes('~') ? s.replace(/~1/g, '/').replace(/~0/g, '~') : s))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

const article = (type: string) => (type === 'array' || type === 'object' || type === 'integer' ? `an ${type}` : `a ${type}`);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** What the messages read off the schemas beside an error. */
export interface SchemaContext {
  blockTypes: string[];
  resolveRef: RefResolver;
  /** The file ("schemas/defs/icon-name.schema.json") a schema object AJV reports was written in. */
  fileOf: (schema: unknown) => string | undefined;
}

/** Every object of every schema file, by the file it is in: AJV reports the schema objects it was given. */
export function schemaFileIndex(parsedFiles: Map<string, ParsedJson>): SchemaContext['fileOf'] {
  const files = new WeakMap<object, string>();
  const walk = (node: unknown, file: string) => {
    if (node === null || typeof node !== 'object' || files.has(node)) return;
    files.set(node, file);
    for (const child of Object.values(node)) walk(child, file);
  };
  for (const [rel, parsed] of parsedFiles) walk(parsed.value, `schemas/${rel}`);
  return (schema) => (schema !== null && typeof schema === 'object' ? files.get(schema) : undefined);
}

/** The value a string stands for when its quotes are its only mistake ("100" where a number belongs), as JSON. */
function withoutQuotes(data: unknown, expected: string): string | undefined {
  if (typeof data !== 'string') return undefined;
  const text = data.trim();
  // JSON's own number and boolean forms: "1,000" or "ten" are not a quoted number.
  if (!/^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false)$/.test(text)) return undefined;
  const value = JSON.parse(text) as number | boolean;
  const fits = expected.split(',').some((type) => (type === 'integer' ? Number.isInteger(value) : type === typeof value));
  return fits ? text : undefined;
}

export function toFindings(errors: ErrorObject[], schemas: SchemaContext): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  // A value of the wrong type ("3" for 3) is one mistake: its type finding says what to write, not a list of choices too.
  const wrongType = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  for (const e of errors) {
    if (e.keyword === 'enum' && wrongType.has(e.instancePath)) continue;
    const found = toFinding(e, schemas);
    if (!found) continue;
    // A property name's own error (under "propertyNames") points at that name.
    const finding = e.propertyName === undefined || found.key !== undefined ? found : { ...found, key: e.propertyName };
    const key = `${finding.path.join('/')}|${finding.key ?? ''}|${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return findings;
}

function toFinding(e: ErrorObject, { blockTypes, resolveRef, fileOf }: SchemaContext): Finding | undefined {
  const at = toPath(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'if':
      return undefined; // the branch's own errors say what is wrong
    case 'propertyNames':
      return undefined; // the name's own error says what is wrong with it ("property name must be valid" says nothing)
    case 'discriminator': {
      if (p.error === 'mapping') {
        const value = String(p.tagValue);
        const guess = didYouMean(value, blockTypes);
        return {
          path: at,
          key: 'type',
          rule: 'unknown-block-type',
          message: `unknown block type "${value}"${guess ? ` — did you mean "${guess}"?` : `. Known types: ${blockTypes.join(', ')}.`}`,
        };
      }
      return { path: at, rule: 'schema', message: `"type" must be a string naming a block type, one of: ${blockTypes.join(', ')}` };
    }
    case 'required':
      return { path: at, rule: 'schema', message: `missing required property "${String(p.missingProperty)}"` };
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const guess = didYouMean(extra, known);
      return {
        path: at,
        key: extra,
        rule: 'schema',
        message: `unknown property "${extra}"${guess ? ` — did you mean "${guess}"?` : known.length ? `; allowed here: ${known.join(', ')}` : ''}`,
      };
    }
    case 'type': {
      const shape = p.type === 'object' || p.type === 'array' ? expectedShape(e.parentSchema, resolveRef) : undefined;
      const unquoted = withoutQuotes(e.data, String(p.type));
      const fix = unquoted === undefined ? '' : `: remove the quotes, and write ${unquoted} instead of ${JSON.stringify(e.data)}`;
      return { path: at, rule: 'schema', message: `must be ${shape ?? String(p.type).split(',').map(article).join(' or ')}, not ${kindOf(e.data)}${fix}` };
    }
    case 'const':
      return { path: at, rule: 'schema', message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'enum': {
      const schema = e.parentSchema as { title?: unknown } | undefined;
      const title = typeof schema?.title === 'string' ? schema.title : undefined;
      return { path: at, rule: 'schema', message: notAChoiceMessage(e.data, { values: p.allowedValues as unknown[], title, file: fileOf(e.parentSchema) }) };
    }
    case 'minLength':
      return {
        path: at,
        rule: 'schema',
        message: p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters long (it has ${String((e.data as string).length)})`,
      };
    case 'maxLength':
      return { path: at, rule: 'schema', message: `must be at most ${String(p.limit)} characters long (it has ${String((e.data as string).length)})` };
    case 'minItems':
      return { path: at, rule: 'schema', message: `must list at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'} (it has ${String((e.data as unknown[]).length)})` };
    case 'maxItems':
      return { path: at, rule: 'schema', message: `must list at most ${String(p.limit)} items (it has ${String((e.data as unknown[]).length)})` };
    case 'minimum':
      return { path: at, rule: 'schema', message: `must be at least ${String(p.limit)}` };
    case 'pattern': {
      const schema = e.parentSchema as { description?: unknown; 'x-image'?: unknown; 'x-link'?: unknown } | undefined;
      if (schema?.['x-image'] === true && typeof e.data === 'string') return { path: at, rule: 'image-path', message: imagePathFormMessage(e.data) };
      const linkProblem = schema?.['x-link'] === true && typeof e.data === 'string' ? linkFormProblem(e.data) : undefined;
      if (linkProblem) return { path: at, rule: 'link-form', message: linkProblem };
      // The whole description: its last sentence is often the rule itself ("Lower-case words joined by hyphens.").
      const hint = typeof schema?.description === 'string' ? schema.description : '';
      const fixed = typeof e.data === 'string' ? fixToPattern(e.data, String(p.pattern)) : undefined;
      const write = fixed === undefined ? '' : `${/[.!?]$/.test(hint) ? '' : '.'} Write ${JSON.stringify(fixed)}.`;
      return { path: at, rule: 'schema', message: `${JSON.stringify(e.data)} is not in the expected form${hint ? `: ${hint}` : ''}${write}` };
    }
    case 'format':
      return {
        path: at,
        rule: 'schema',
        message: `${JSON.stringify(e.data)} is not a valid ${p.format === 'email' ? 'e-mail address' : p.format === 'time-zone' ? 'time zone: write an IANA name such as "Asia/Kolkata" or "Europe/Berlin"' : String(p.format)}`,
      };
    case 'not': {
      const forbidden = (e.schema as { required?: string[] } | undefined)?.required ?? [];
      return {
        path: at,
        rule: 'schema',
        message: forbidden.length
          ? `must not have ${forbidden.map((r) => `"${r}"`).join(' or ')} together with the other properties here (see the property descriptions)`
          : 'has a combination of properties that is not allowed here (see the schema description)',
      };
    }
    default:
      return { path: at, rule: 'schema', message: e.message ?? `fails the "${e.keyword}" rule` };
  }
}
