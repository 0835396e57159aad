/**
 * AJV over the schemas folder. Turns AJV's errors into plain findings (path + message), collects the
 * values the schemas mark as links ("x-link"), local images ("x-image") and pictures ("x-picture", with the
 * places allowed to be decorative, "x-decorative") for the checks after it, and returns a copy of the value with every schema "default" filled in (schema-defaults.ts serves it).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { didYouMean } from './did-you-mean.ts';
import type { ContentIssue } from './issue.ts';
import { expectedShape, type RefResolver } from './expected-shape.ts';
import { parseJsonWithPositions, positionAt, type ParsedJson } from './json-positions.ts';
import { compileProblem, metaSchemaProblems, SchemaCompileError, type SchemaProblem } from './schema-problems.ts';
import { imagePathFormMessage } from './image-paths.ts';
import { linkFormProblem } from './link-forms.ts';
import { placements, type Placement } from './placement.ts';
import { pictureAltFindings } from './picture-alt.ts';
import { notAChoiceMessage } from './fixed-choices.ts';
import { fixToPattern } from './pattern-fix.ts';
import { hydrationModes } from '../../src/model/hydration.ts';

export type JsonPath = Array<string | number>;

export interface Finding {
  path: JsonPath;
  /** Set when the finding is about a property name (unknown property): the position is that name. */
  key?: string;
  rule: ContentIssue['rule'];
  message: string;
}

export interface Collected {
  links: Array<{ path: JsonPath; value: string }>;
  images: Array<{ path: JsonPath; value: string }>;
  /** Picture objects ({ src, alt, … }): picture-alt.ts checks their alt. */
  pictures: Array<{ path: JsonPath; value: Record<string, unknown> }>;
  /** The paths whose schema lets the picture there be marked decorative. */
  decorativeAllowed: JsonPath[];
}

export const nothingCollected = (): Collected => ({ links: [], images: [], pictures: [], decorativeAllowed: [] });

export interface ValidationResult {
  findings: Finding[];
  collected: Collected;
  /** A copy of the value with the schema defaults filled in wherever a property is missing; the value itself is left alone. */
  withDefaults: unknown;
}

export interface RunOptions {
  /** Fill the defaults into the value itself, not a copy: a caller done with the value saves the copy. */
  inPlace?: boolean;
}

export interface SchemaValidator {
  blockTypes: string[];
  /** The schema files compiled, relative to the schemas folder ("blocks/faq.schema.json"). */
  schemaFiles: string[];
  validatePage(value: unknown, options?: RunOptions): ValidationResult;
  validateSiteConfig(value: unknown, options?: RunOptions): ValidationResult;
  /** The props of one block, checked against schemas/blocks/<type>.schema.json alone. */
  validateBlockProps(type: string, value: unknown): ValidationResult;
  /** Every schema's own "examples" checked against it: what is wrong, with its place in the schema file. */
  exampleProblems(): ExampleProblem[];
  /** Where a block type may be used (its schema's "x-placement"); undefined for a type without a schema. */
  placementOf(type: string): readonly Placement[] | undefined;
}

const base = 'https://schemas.invalid/';
// ajv-formats ships CommonJS; take the function whichever way the loader wraps it.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

async function listSchemaFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? listSchemaFiles(dir, path.posix.join(prefix, e.name)) : Promise.resolve(e.name.endsWith('.schema.json') ? [path.posix.join(prefix, e.name)] : []))));
  return nested.flat().sort();
}

/** A schema example that breaks its own schema. */
export interface ExampleProblem {
  /** Relative to the schemas folder: "blocks/faq.schema.json". */
  file: string;
  line: number;
  column: number;
  /** Inside the schema file: ["examples", 0, "items", 2, "title"]. */
  path: JsonPath;
  message: string;
}

export interface SchemaValidatorOptions {
  /** Schemas used instead of their files, by path relative to the schemas folder (gen:types: the union it is about to write). */
  replace?: Record<string, unknown>;
}

/** Defs first, then blocks, then the rest: a mistake is reported by the file that makes it, not by those that refer to it. */
const compileOrder = (rel: string) => (rel.startsWith('defs/') ? 0 : rel.startsWith('blocks/') ? 1 : 2);

/**
 * Throws a SchemaCompileError, naming each schema file with line:col, when a schema is not valid JSON, breaks the
 * JSON Schema meta-schema or fails AJV's strict compilation.
 */
export async function createSchemaValidator(schemasDir: string, options: SchemaValidatorOptions = {}): Promise<SchemaValidator> {
  let collected = nothingCollected();
  // useDefaults: the discriminator on "type" runs only the matching block's schema, so only its defaults land
  // (AJV never applies defaults inside oneOf/anyOf branches themselves, and strict mode rejects a schema that has one there).
  const ajv = new Ajv2020({ allErrors: true, verbose: true, discriminator: true, strict: true, strictTypes: false, strictRequired: false, useDefaults: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  // The props version a block schema describes (content-versions.json, npm run migrate); an annotation, it checks no data.
  ajv.addKeyword({ keyword: 'x-version', metaSchema: { type: 'integer', minimum: 1 } });
  // Where a block type may be used (placement.ts); an annotation the content check and the editor read.
  ajv.addKeyword({ keyword: 'x-placement', metaSchema: { type: 'array', items: { enum: [...placements] }, minItems: 1, uniqueItems: true } });
  // How the block hydrates in the browser (src/model/hydration.ts); an annotation gen:types writes into the registry.
  ajv.addKeyword({ keyword: 'x-hydrate', metaSchema: { enum: [...hydrationModes] } });
  const collector = (kind: 'links' | 'images') => ({
    keyword: `x-${kind === 'links' ? 'link' : 'image'}`,
    schemaType: 'boolean' as const,
    errors: false as const,
    validate: (_schema: boolean, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      if (typeof data === 'string' && cxt) collected[kind].push({ path: toPath(cxt.instancePath), value: data });
      return true;
    },
  });
  ajv.addKeyword(collector('links'));
  ajv.addKeyword(collector('images'));
  ajv.addKeyword({
    keyword: 'x-picture',
    schemaType: 'boolean',
    errors: false,
    validate: (_schema: boolean, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      if (data !== null && typeof data === 'object' && !Array.isArray(data) && cxt) collected.pictures.push({ path: toPath(cxt.instancePath), value: data as Record<string, unknown> });
      return true;
    },
  });
  // Written beside a picture's $ref by the block schemas whose picture may be decorative (an icon beside its title).
  ajv.addKeyword({
    keyword: 'x-decorative',
    schemaType: 'boolean',
    errors: false,
    validate: (allowed: boolean, _data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      if (allowed && cxt) collected.decorativeAllowed.push(toPath(cxt.instancePath));
      return true;
    },
  });

  const files = await listSchemaFiles(schemasDir);
  const problems: SchemaProblem[] = [];
  const parsedFiles = new Map<string, ParsedJson>();
  const texts = await Promise.all(files.map((rel) => (options.replace?.[rel] === undefined ? readFile(path.join(schemasDir, rel), 'utf8') : JSON.stringify(options.replace[rel], null, 2))));
  for (const [i, rel] of files.entries()) {
    const parsed = parseJsonWithPositions(texts[i]!);
    const syntax = parsed.syntaxErrors[0];
    if (syntax) problems.push({ file: rel, line: syntax.line, column: syntax.column, message: `${syntax.message}.` });
    else if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) problems.push({ file: rel, line: 1, column: 1, message: 'a schema must be a JSON object ({ "type": …, "properties": … }).' });
    else if (!ajv.validateSchema(parsed.value)) problems.push(...metaSchemaProblems(rel, parsed, ajv.errors ?? []));
    else if (rel.startsWith('blocks/') && !('x-placement' in parsed.value)) {
      problems.push({
        file: rel,
        ...positionAt(parsed, ['title']),
        message: `a block schema needs "x-placement", the places the block may be used: a list of ${placements.map((p) => `"${p}"`).join(', ')} (most blocks: ["page", "fragment"]). Add it after "description".`,
      });
    } else {
      ajv.addSchema(parsed.value, base + rel, undefined, false);
      parsedFiles.set(rel, parsed);
    }
  }
  const broken = new Set(problems.map((p) => p.file));
  const reported = new Set<string>();
  for (const rel of [...parsedFiles.keys()].sort((a, b) => compileOrder(a) - compileOrder(b) || a.localeCompare(b))) {
    try {
      ajv.getSchema(base + rel);
    } catch (error) {
      const missing = (error as { missingSchema?: string }).missingSchema;
      // Knock-on failures: a reference to a file already reported, or the same error met again through a $ref.
      if (missing?.startsWith(base) && broken.has(missing.slice(base.length))) continue;
      if (reported.has((error as Error).message)) continue;
      reported.add((error as Error).message);
      problems.push(compileProblem(rel, parsedFiles.get(rel)!, error as Error));
    }
  }
  if (problems.length > 0) throw new SchemaCompileError(problems);
  const resolveRef: RefResolver = (ref) => {
    const target = ref.split('#')[0]!.replace(/^(\.\.?\/)+/, '');
    const rel = target ? files.find((f) => f === target || f.endsWith(`/${target}`)) : undefined;
    const value = rel ? parsedFiles.get(rel)?.value : undefined;
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  };
  const blockTypes = files.filter((f) => f.startsWith('blocks/')).map((f) => f.slice('blocks/'.length, -'.schema.json'.length));
  const schemas: SchemaContext = { blockTypes, resolveRef, fileOf: schemaFileIndex(parsedFiles) };
  const placementOf = (type: string) => (parsedFiles.get(`blocks/${type}.schema.json`)?.value as { 'x-placement'?: Placement[] } | undefined)?.['x-placement'];
  const page = ajv.getSchema(base + 'page.schema.json');
  const site = ajv.getSchema(base + 'pages.schema.json');
  if (!page || !site) throw new Error(`schemas/page.schema.json or schemas/pages.schema.json is missing from ${schemasDir}`);

  const run = (validate: NonNullable<typeof page>, value: unknown, options: RunOptions = {}): ValidationResult => {
    collected = nothingCollected();
    const withDefaults = options.inPlace ? value : structuredClone(value); // AJV fills the defaults in place
    const ok = validate(withDefaults);
    const findings = ok ? [] : toFindings(validate.errors ?? [], schemas);
    // An image path or link that breaks its pattern is one mistake: its finding says so, the later checks stay quiet.
    const refused = new Set(findings.filter((f) => !f.key).map((f) => f.path.join('/')));
    collected.images = collected.images.filter((image) => !refused.has(image.path.join('/')));
    collected.links = collected.links.filter((link) => !refused.has(link.path.join('/')));
    return { findings, collected, withDefaults };
  };
  // The schemas of a validator never change: their examples are checked once, however often it validates.
  let examplesChecked: ExampleProblem[] | undefined;
  const exampleProblems = (): ExampleProblem[] => (examplesChecked ??= checkExamples());
  const checkExamples = (): ExampleProblem[] => {
    const found: ExampleProblem[] = [];
    for (const [rel, parsed] of parsedFiles) {
      const examples = (parsed.value as { examples?: unknown }).examples;
      const validate = ajv.getSchema(base + rel);
      if (!Array.isArray(examples) || !validate) continue;
      examples.forEach((example, i) => {
        collected = nothingCollected();
        const valid = validate(structuredClone(example)); // a copy: AJV fills defaults in
        // An example's pictures are copied into pages (the block catalogue): their alts follow the pages' rule.
        for (const f of [...(valid ? [] : toFindings(validate.errors ?? [], schemas)), ...pictureAltFindings(collected)]) {
          const at = ['examples', i, ...f.path];
          found.push({ file: rel, ...positionAt(parsed, at, f.key), path: f.key ? [...at, f.key] : at, message: f.message });
        }
      });
    }
    collected = nothingCollected();
    return found;
  };
  return {
    blockTypes,
    schemaFiles: files,
    exampleProblems,
    validatePage: (value, options) => run(page, value, options),
    validateSiteConfig: (value, options) => run(site, value, options),
    placementOf,
    validateBlockProps: (type, value) => {
      const props = blockTypes.includes(type) ? ajv.getSchema(`${base}blocks/${type}.schema.json`) : undefined;
      if (!props) throw new Error(`there is no block type "${type}" (no schemas/blocks/${type}.schema.json). Known types: ${blockTypes.join(', ')}.`);
      return run(props, value);
    },
  };
}

function toPath(instancePath: string): JsonPath {
  if (!instancePath) return [];
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
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
interface SchemaContext {
  blockTypes: string[];
  resolveRef: RefResolver;
  /** The file ("schemas/defs/icon-name.schema.json") a schema object AJV reports was written in. */
  fileOf: (schema: unknown) => string | undefined;
}

/** Every object of every schema file, by the file it is in: AJV reports the schema objects it was given. */
function schemaFileIndex(parsedFiles: Map<string, ParsedJson>): SchemaContext['fileOf'] {
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

function toFindings(errors: ErrorObject[], schemas: SchemaContext): Finding[] {
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
      return { path: at, rule: 'schema', message: `${JSON.stringify(e.data)} is not a valid ${p.format === 'email' ? 'e-mail address' : String(p.format)}` };
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
