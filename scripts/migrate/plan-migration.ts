/**
 * Everything `npm run migrate` would do, computed before anything is written: for each block type whose schema
 * is past the version the content is at, run its migrations on every block of that type (pages/*.json, and the
 * layout and fragments of pages.json), check the result against the block's schema, and turn the difference
 * into text edits. Any problem leaves `writes` empty, so a failed migration writes nothing at all.
 */
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { blockEntries, type BlockAt } from '../content-check/block-entries.ts';
import { blockTypeAtFor, issueAt } from '../content-check/document.ts';
import { describePath, type ContentIssue } from '../content-check/issue.ts';
import { lineColumn, parseJsonWithPositions, type ParsedJson } from '../content-check/json-positions.ts';
import { createSchemaValidator, type SchemaValidator } from '../content-check/schema-validator.ts';
import { formatVersionsFile, readRecordedVersions, readSchemaVersions, recordedVersion, versionsFile, versionsMismatches } from '../content-check/versions-file.ts';
import { loadMigrations, migrationsPast, type MigrationStep } from './load-migrations.ts';
import { applyChanges, diffValues, type LocatedChange } from './props-edits.ts';

export interface PendingType {
  type: string;
  from: number;
  to: number;
  /** How many blocks of the type the content has, and in how many files. */
  blocks: number;
  files: number;
  /**
   * The property names the migration renamed (old → new) or removed (old → null), at any depth of the props: what
   * code written for the old props must change. Learnt from the content and the schema's examples.
   */
  keys: Map<string, string | null>;
}

/** One property that changes, for people: "pages/home.json:70  blocks[2] (approach-cards) › props.items[0].heading: renamed to "title"". */
export interface ChangeReport {
  file: string;
  line: number;
  where: string;
  change: string;
}

export interface MigrationPlan {
  pending: PendingType[];
  changes: ChangeReport[];
  /** Repository-relative file → its new text. Empty when there is a problem. */
  writes: Map<string, string>;
  problems: ContentIssue[];
}

interface ContentFile {
  file: string;
  page?: string;
  /** For a block schema (its examples are migrated too, so they keep matching it): its block type. */
  schemaOf?: string;
  /** The positions count without a byte order mark; the file keeps its own. */
  bom: string;
  parsed: ParsedJson;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const atStart = (file: string, message: string): ContentIssue => ({ severity: 'error', rule: 'migrate', file, line: 1, column: 1, where: '', message });

export async function planMigration(root: string): Promise<MigrationPlan> {
  const plan: MigrationPlan = { pending: [], changes: [], writes: new Map(), problems: [] };
  const [schemas, recorded] = await Promise.all([readSchemaVersions(root), readRecordedVersions(root)]);
  plan.problems.push(...recorded.issues, ...versionsMismatches(recorded, schemas));

  const steps = new Map<string, MigrationStep[]>();
  for (const [type, schema] of schemas) {
    for (const file of await migrationsPast(root, type, schema.version)) {
      plan.problems.push(atStart(file, `is past ${schema.file}, which is at "x-version": ${schema.version}. Raise the schema's "x-version" with the migration, or delete the file.`));
    }
    const from = recordedVersion(recorded, type);
    if (from >= schema.version) continue;
    const loaded = await loadMigrations(root, type, from, schema.version);
    for (const problem of loaded.problems) plan.problems.push({ ...atStart(schema.file, problem), line: schema.line, column: schema.column });
    steps.set(type, loaded.steps);
    plan.pending.push({ type, from, to: schema.version, blocks: 0, files: 0, keys: new Map() });
  }
  if (plan.pending.length === 0 || plan.problems.length > 0) return plan;

  let validator: SchemaValidator;
  try {
    validator = await createSchemaValidator(path.join(root, 'schemas'));
  } catch (error) {
    plan.problems.push(atStart('schemas', `the schemas cannot be compiled: ${errorText(error)}. Fix the schema (npm run validate says more), then run npm run migrate again.`));
    return plan;
  }

  const files = [
    ...(await readContentFiles(root, plan.problems)),
    ...(await readSchemaFiles(
      root,
      plan.pending.map((p) => p.type),
      plan.problems,
    )),
  ];
  for (const doc of files) {
    for (const e of doc.parsed.syntaxErrors) plan.problems.push({ severity: 'error', rule: 'json-syntax', file: doc.file, line: e.line, column: e.column, where: '', message: `${e.message}. Fix it, then run npm run migrate again.` });
    // With a key twice, the text and the parsed value disagree about which one counts: settle it first.
    for (const d of doc.parsed.duplicateKeys)
      plan.problems.push({
        severity: 'error',
        rule: 'duplicate-key',
        file: doc.file,
        line: d.line,
        column: d.column,
        where: '',
        message: `property "${d.key}" appears twice in the same object. Remove one (npm run validate shows it too), then run npm run migrate again.`,
      });
  }
  if (plan.problems.length > 0) return plan;

  const pendingByType = new Map(plan.pending.map((p) => [p.type, p]));
  const edited: Array<{ doc: ContentFile; changes: LocatedChange[]; expected: unknown }> = [];
  for (const doc of files) {
    const isSiteConfig = doc.page === undefined;
    const expected = structuredClone(doc.parsed.value);
    const changes: LocatedChange[] = [];
    const touched = new Set<string>();
    // A schema's examples are props themselves; they count as no block of the content.
    const entries = doc.schemaOf === undefined ? blockEntries(doc.parsed.value, isSiteConfig).map((block) => ({ block, propsPath: [...block.path, 'props'] })) : exampleEntries(doc.parsed.value, doc.schemaOf);
    for (const { block, propsPath } of entries) {
      const pending = pendingByType.get(block.type);
      if (!pending) continue;
      if (doc.schemaOf === undefined) {
        pending.blocks++;
        if (!touched.has(block.type)) pending.files++;
        touched.add(block.type);
      }
      const migrated = migrateBlock(doc, block, steps.get(block.type)!, validator, plan.problems);
      if (migrated === undefined) continue;
      const blockChanges = diffValues(doc.parsed.tree!, propsPath, block.props, migrated);
      noteKeyChanges(pending.keys, blockChanges);
      changes.push(...blockChanges);
      setAt(expected, propsPath, migrated);
    }
    if (changes.length === 0) continue;
    const describe = blockTypeAtFor(doc.parsed.value, isSiteConfig);
    for (const change of changes) plan.changes.push({ file: doc.file, line: lineColumn(doc.parsed.text, change.offset).line, where: describePath(change.path, describe), change: describeChange(change) });
    edited.push({ doc, changes, expected });
  }
  if (plan.problems.length > 0) return plan;

  for (const { doc, changes, expected } of edited) {
    const text = applyChanges(doc.parsed.text, changes);
    // The edits must give exactly the migrated document; anything else is a bug here, never written.
    if (!isDeepStrictEqual(JSON.parse(text), expected)) {
      plan.problems.push(atStart(doc.file, 'the text edits do not reproduce the migrated props (a bug in scripts/migrate/props-edits.ts). Nothing was written; report it with this file.'));
      continue;
    }
    plan.writes.set(doc.file, doc.bom + text);
  }
  if (plan.problems.length > 0) {
    plan.writes.clear();
    return plan;
  }
  const versions = new Map(recorded.versions);
  for (const p of plan.pending) versions.set(p.type, p.to);
  plan.writes.set(versionsFile, formatVersionsFile(versions));
  plan.changes.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return plan;
}

/** The block's props after every step, checked against the block's schema; undefined (and a problem) when that fails. */
function migrateBlock(doc: ContentFile, block: BlockAt, steps: MigrationStep[], validator: SchemaValidator, problems: ContentIssue[]): Record<string, unknown> | undefined {
  const fail = (message: string) => {
    problems.push(issueAt(doc, block.path, 'migrate', `${message} Nothing was written.`, { key: 'type' }));
    return undefined;
  };
  if (!isRecord(block.props)) return fail('the block has no props object to migrate. Give it "props": { … } (npm run validate shows what it needs), then run npm run migrate again.');
  let props = block.props;
  for (const step of steps) {
    let result: unknown;
    try {
      result = step.migrate(structuredClone(props)); // a migration that mutates its argument cannot change the original
    } catch (error) {
      return fail(`${step.file} threw: ${errorText(error)}. Fix the migration so it handles these props, then run npm run migrate again.`);
    }
    if (!isRecord(result)) return fail(`${step.file} returned ${Array.isArray(result) ? 'an array' : String(result)} instead of a props object. It must return the migrated props.`);
    props = JSON.parse(JSON.stringify(result)) as Record<string, unknown>; // as it will be written: a property set to undefined is left out
  }
  const { findings } = validator.validateBlockProps(block.type, props);
  if (findings.length > 0) {
    const last = steps.at(-1)!;
    const reasons = findings.map((f) => `${describePath(['props', ...f.path, ...(f.key ? [f.key] : [])], () => undefined)}: ${f.message}`).join('; ');
    return fail(`after ${last.file} the props fail schemas/blocks/${block.type}.schema.json: ${reasons}. Fix the migration (or the schema), then run npm run migrate again.`);
  }
  return props;
}

/** A rename wins over a removal of the same name elsewhere: it says what the old name became. */
function noteKeyChanges(keys: Map<string, string | null>, changes: LocatedChange[]): void {
  for (const change of changes) {
    const key = change.path.at(-1);
    if (typeof key !== 'string') continue;
    if (change.kind === 'renamed' || change.kind === 'replaced') keys.set(key, change.to);
    else if (change.kind === 'removed' && !keys.has(key)) keys.set(key, null);
  }
}

function describeChange(change: LocatedChange): string {
  const preview = (value: unknown) => {
    const json = JSON.stringify(value);
    return json.length > 60 ? `${json.slice(0, 57)}…` : json;
  };
  switch (change.kind) {
    case 'renamed':
      return `renamed to "${change.to}"`;
    case 'replaced':
      return `replaced by "${change.to}": ${preview(change.value)}`;
    case 'removed':
      return 'removed';
    case 'changed':
      return `changed to ${preview(change.value)}`;
    case 'added':
      return `added: ${preview(change.value)}`;
  }
}

function setAt(value: unknown, at: Array<string | number>, replacement: unknown): void {
  const parent = at.slice(0, -1).reduce<unknown>((node, segment) => (node as Record<string | number, unknown>)[segment], value);
  (parent as Record<string | number, unknown>)[at.at(-1)!] = replacement;
}

/** The examples of a block schema, each as the props of a block at ["examples", i]. */
function exampleEntries(schema: unknown, type: string): Array<{ block: BlockAt; propsPath: Array<string | number> }> {
  const examples = isRecord(schema) && Array.isArray(schema.examples) ? schema.examples : [];
  return examples.map((props, i) => ({ block: { path: ['examples', i], type, props }, propsPath: ['examples', i] }));
}

async function readSchemaFiles(root: string, types: string[], problems: ContentIssue[]): Promise<ContentFile[]> {
  const files = await Promise.all(
    types.map(async (type) => {
      const file = `schemas/blocks/${type}.schema.json`;
      try {
        const text = await readFile(path.join(root, file), 'utf8');
        return [{ file, schemaOf: type, bom: text.startsWith('\uFEFF') ? '\uFEFF' : '', parsed: parseJsonWithPositions(text) }];
      } catch (error) {
        problems.push(atStart(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}). Check that the file exists and is readable, then run npm run migrate again.`));
        return [];
      }
    }),
  );
  return files.flat();
}

async function readContentFiles(root: string, problems: ContentIssue[]): Promise<ContentFile[]> {
  const names = (await readdir(path.join(root, 'pages')).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const files: Array<{ file: string; page?: string }> = [{ file: 'pages.json' }, ...names.map((n) => ({ file: `pages/${n}`, page: n.slice(0, -'.json'.length) }))];
  const read = await Promise.all(
    files.map(async (f) => {
      try {
        const text = await readFile(path.join(root, f.file), 'utf8');
        return [{ ...f, bom: text.startsWith('\uFEFF') ? '\uFEFF' : '', parsed: parseJsonWithPositions(text) }];
      } catch (error) {
        problems.push(atStart(f.file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}). Check that the file exists and is readable, then run npm run migrate again.`));
        return [];
      }
    }),
  );
  return read.flat();
}

/** Writes every file of the plan: each to a temporary file first, then all renamed into place. */
export async function writePlan(root: string, plan: MigrationPlan): Promise<void> {
  const entries = [...plan.writes];
  await Promise.all(entries.map(([file, text]) => writeFile(path.join(root, `${file}.migrating`), text)));
  // The versions file last: until it is in place, the content still counts as behind.
  for (const [file] of entries.sort(([a], [b]) => Number(a === versionsFile) - Number(b === versionsFile))) {
    await rename(path.join(root, `${file}.migrating`), path.join(root, file));
  }
}
