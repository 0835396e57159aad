/**
 * The two versions of a block type's props: the one its schema describes ("x-version", 1 without it) and the
 * one the content is at, recorded in content-versions.json. Only `npm run migrate` writes that file; it lists
 * the types past version 1, so a new block type needs no entry.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue } from './issue.ts';
import { parseJsonQuickly, parseJsonWithPositions, positionAt } from './json-positions.ts';
import { listBlockSchemas } from './schema-files.ts';
import { isRecord } from './records.ts';

export const versionsFile = 'content-versions.json';
export const versionKeyword = 'x-version';

export interface SchemaVersion {
  version: number;
  /** The schema file, repository-relative, and where its "x-version" is (1:1 without one). */
  file: string;
  line: number;
  column: number;
}

const isVersion = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** The version each block schema describes. A schema that is not JSON is left out: the schema compiler reports it. */
export async function readSchemaVersions(root: string): Promise<Map<string, SchemaVersion>> {
  const schemas = await listBlockSchemas(path.join(root, 'schemas')).catch(() => []);
  const versions = new Map<string, SchemaVersion>();
  const texts = await Promise.all(schemas.map(({ file }) => readFile(file, 'utf8')));
  for (const [i, { type }] of schemas.entries()) {
    const quick = parseJsonQuickly(texts[i]!);
    if (!isRecord(quick.value)) continue;
    const declared = quick.value[versionKeyword];
    // Positions only for a schema that declares a version: that is all a message points at.
    const at = declared === undefined ? { line: 1, column: 1 } : positionAt(quick.parsed ?? parseJsonWithPositions(texts[i]!), [], versionKeyword);
    versions.set(type, { version: isVersion(declared) ? declared : 1, file: `schemas/blocks/${type}.schema.json`, ...at });
  }
  return versions;
}

export interface RecordedVersions {
  /** Types recorded past version 1; a type not listed is at version 1. */
  versions: Map<string, number>;
  /** Where each entry's value is, for messages about it. */
  positions: Map<string, { line: number; column: number }>;
  issues: ContentIssue[];
}

export const recordedVersion = (recorded: RecordedVersions, type: string): number => recorded.versions.get(type) ?? 1;

export async function readRecordedVersions(root: string): Promise<RecordedVersions> {
  const recorded: RecordedVersions = { versions: new Map(), positions: new Map(), issues: [] };
  const issue = (line: number, column: number, message: string, where = ''): ContentIssue => ({ severity: 'error', rule: 'content-versions-file', file: versionsFile, line, column, where, message });
  let text: string;
  try {
    text = await readFile(path.join(root, versionsFile), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') recorded.issues.push(issue(1, 1, `cannot be read (${code ?? 'error'}). Check that the file is readable.`));
    return recorded; // no file: every type is at version 1
  }
  const parsed = parseJsonWithPositions(text);
  for (const e of parsed.syntaxErrors) recorded.issues.push(issue(e.line, e.column, `${e.message}. This file is written by npm run migrate: restore it from version control.`));
  if (parsed.syntaxErrors.length > 0) return recorded;
  if (!isRecord(parsed.value)) {
    recorded.issues.push(issue(1, 1, 'must be an object of block types and versions, like { "approach-cards": 2 }. Restore it from version control.'));
    return recorded;
  }
  for (const [type, version] of Object.entries(parsed.value)) {
    const at = positionAt(parsed, [type]);
    recorded.positions.set(type, at);
    if (isVersion(version)) recorded.versions.set(type, version);
    else recorded.issues.push(issue(at.line, at.column, `must be a whole number of at least 1, not ${JSON.stringify(version)}. Restore the file from version control.`, type));
  }
  return recorded;
}

/** Entries that cannot be right: a type without a schema, or content ahead of its schema (nothing migrates back). */
export function versionsMismatches(recorded: RecordedVersions, schemas: Map<string, SchemaVersion>): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const [type, version] of recorded.versions) {
    const at = recorded.positions.get(type) ?? { line: 1, column: 1 };
    const schema = schemas.get(type);
    const issue = (message: string): ContentIssue => ({ severity: 'error', rule: 'content-versions-file', file: versionsFile, ...at, where: type, message });
    if (!schema) issues.push(issue(`records a version for "${type}", which has no schema (schemas/blocks/${type}.schema.json). Remove the entry if the block type is gone.`));
    else if (version > schema.version) {
      issues.push(
        issue(`the content is at version ${version}, but ${schema.file} describes version ${schema.version} ("${versionKeyword}"). Content is never migrated back: restore the schema's "${versionKeyword}": ${version} and its migrations.`),
      );
    }
  }
  return issues;
}

/** The file's text: the types past version 1, sorted, so a migration's diff shows one line per type. */
export function formatVersionsFile(versions: ReadonlyMap<string, number>): string {
  const entries = [...versions].filter(([, version]) => version > 1).sort(([a], [b]) => a.localeCompare(b));
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}
