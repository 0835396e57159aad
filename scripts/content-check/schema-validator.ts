/**
 * AJV over the schemas folder. Turns AJV's errors into plain findings (path + message: schema-findings.ts),
 * collects the values the schemas mark as links ("x-link"), local images ("x-image") and pictures ("x-picture",
 * with the places allowed to be decorative, "x-decorative") for the checks after it, and returns a copy of the
 * value with every schema "default" filled in (schema-defaults.ts serves it).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isTimeZone } from '../../src/model/time-zone.ts';
import type { RefResolver } from './expected-shape.ts';
import { parseJsonWithPositions, positionAt, type ParsedJson } from './json-positions.ts';
import { compileProblem, metaSchemaProblems, SchemaCompileError, type SchemaProblem } from './schema-problems.ts';
import { placements, type Placement } from './placement.ts';
import { pictureAltFindings } from './picture-alt.ts';
import { isRecord } from './records.ts';
import { hydrationModes } from '../../src/model/hydration.ts';
import { newPageMetaSchema } from '../../src/model/new-page-role.ts';

import { schemaFileIndex, toFindings, toPath, type Finding, type JsonPath, type SchemaContext } from './schema-findings.ts';

export type { Finding, JsonPath } from './schema-findings.ts';

export interface Collected {
  links: Array<{ path: JsonPath; value: string }>;
  /** `size`: the width and height written beside the path (picture-files.ts compares them with the file's), without reading the document again. */
  images: Array<{ path: JsonPath; value: string; size?: { width?: unknown; height?: unknown } }>;
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
  /** Whether a block type shows the page's h1 (its schema's "x-page-heading"). */
  headsPage(type: string): boolean;
  /** Whether the block type shows the blog article its route's ":slug" names (its schema's "x-article-page"). */
  showsArticle(type: string): boolean;
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
  // An IANA zone name the runtime knows ("Asia/Kolkata"): the studio shows and reads scheduled times in it.
  ajv.addFormat('time-zone', { type: 'string', validate: isTimeZone });
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  // The props version a block schema describes (content-versions.json, npm run migrate); an annotation, it checks no data.
  ajv.addKeyword({ keyword: 'x-version', metaSchema: { type: 'integer', minimum: 1 } });
  // Where a block type may be used (placement.ts); an annotation the content check and the editor read.
  ajv.addKeyword({ keyword: 'x-placement', metaSchema: { type: 'array', items: { enum: [...placements] }, minItems: 1, uniqueItems: true } });
  // How the block hydrates in the browser (src/model/hydration.ts); an annotation gen:types writes into the registry.
  ajv.addKeyword({ keyword: 'x-hydrate', metaSchema: { enum: [...hydrationModes] } });
  // A block type's name and one line about it in the editor's words (its catalogue, outline and problem list).
  ajv.addKeyword({ keyword: 'x-title', metaSchema: { type: 'string', minLength: 1 } });
  ajv.addKeyword({ keyword: 'x-summary', metaSchema: { type: 'string', minLength: 1 } });
  // The block shows the page's h1 (page-heading.ts); an annotation, written only as true.
  ajv.addKeyword({ keyword: 'x-page-heading', metaSchema: { const: true } });
  // The block shows the blog article its route's ":slug" names (article-links.ts checks links to it); an annotation.
  ajv.addKeyword({ keyword: 'x-article-page', metaSchema: { const: true } });
  // Whether and how a page the editor creates starts or ends with the block (src/editor/page/model/new-page.ts).
  ajv.addKeyword({ keyword: 'x-new-page', metaSchema: newPageMetaSchema });
  const collector = (kind: 'links' | 'images') => ({
    keyword: `x-${kind === 'links' ? 'link' : 'image'}`,
    schemaType: 'boolean' as const,
    errors: false as const,
    validate: (_schema: boolean, data: unknown, _parent?: unknown, cxt?: { instancePath: string; parentData?: unknown; parentDataProperty?: unknown }) => {
      if (typeof data !== 'string' || !cxt) return true;
      const at = { path: toPath(cxt.instancePath), value: data };
      // No schema gives a picture's width or height a default: what is here is what was written.
      if (kind === 'images' && cxt.parentDataProperty === 'src' && isRecord(cxt.parentData)) collected.images.push({ ...at, size: { width: cxt.parentData.width, height: cxt.parentData.height } });
      else collected[kind].push(at);
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
      if (isRecord(data) && cxt) collected.pictures.push({ path: toPath(cxt.instancePath), value: data });
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
  const blockSchema = (type: string) => parsedFiles.get(`blocks/${type}.schema.json`)?.value as { 'x-placement'?: Placement[]; 'x-page-heading'?: true; 'x-article-page'?: true } | undefined;
  const placementOf = (type: string) => blockSchema(type)?.['x-placement'];
  const headsPage = (type: string) => blockSchema(type)?.['x-page-heading'] === true;
  const showsArticle = (type: string) => blockSchema(type)?.['x-article-page'] === true;
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
    headsPage,
    showsArticle,
    validateBlockProps: (type, value) => {
      const props = blockTypes.includes(type) ? ajv.getSchema(`${base}blocks/${type}.schema.json`) : undefined;
      if (!props) throw new Error(`there is no block type "${type}" (no schemas/blocks/${type}.schema.json). Known types: ${blockTypes.join(', ')}.`);
      return run(props, value);
    },
  };
}
