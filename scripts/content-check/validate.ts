/**
 * Validate pages.json and every page document: JSON syntax, schemas, then the integrity checks that span
 * documents. Never throws on bad content: every problem becomes a ContentIssue with file:line:col.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue } from './issue.ts';
import { parseJsonWithPositions } from './json-positions.ts';
import { createSchemaValidator, type Collected, type Finding, type SchemaValidator } from './schema-validator.ts';
import { checkIntegrity } from './integrity.ts';
import { SchemaCompileError } from './schema-problems.ts';
import { checkPublishedUrls } from './published-urls.ts';
import { checkContentVersions } from './content-versions.ts';
import { issueAt, type LoadedDocument } from './document.ts';

export interface ValidationReport {
  issues: ContentIssue[];
  stats: { pages: number; blocks: number; milliseconds: number };
}

export interface ValidateOptions {
  root: string;
  /** Reuse a compiled validator (the dev server keeps one while the schemas do not change). */
  validator?: SchemaValidator;
  /** A git ref ("HEAD", "origin/main") whose published paths must still be served; without it that check does not run. */
  since?: string;
}

export const siteConfigFile = 'pages.json';
export const pagesDir = 'pages';

async function loadDocument(root: string, rel: string, page: string | undefined, check: (v: unknown) => { findings: Finding[]; collected: Collected }, issues: ContentIssue[]): Promise<LoadedDocument> {
  let text: string;
  try {
    text = await readFile(path.join(root, rel), 'utf8');
  } catch (error) {
    const parsed = parseJsonWithPositions('{}');
    issues.push({ severity: 'error', rule: 'read', file: rel, line: 1, column: 1, where: '', message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}). Check that the file exists and is readable.` });
    return { file: rel, page, parsed, valid: false, collected: { links: [], images: [] } };
  }
  const parsed = parseJsonWithPositions(text);
  const doc: LoadedDocument = { file: rel, page, parsed, valid: false, collected: { links: [], images: [] } };
  for (const e of parsed.syntaxErrors) issues.push({ severity: 'error', rule: 'json-syntax', file: rel, line: e.line, column: e.column, where: '', message: e.message });
  for (const d of parsed.duplicateKeys) {
    const issue = issueAt(doc, d.path, 'duplicate-key', `property "${d.key}" appears twice in the same object; only the last one counts. Remove one.`, { key: d.key });
    issues.push({ ...issue, line: d.line, column: d.column }); // the second occurrence, not the first
  }
  if (parsed.syntaxErrors.length > 0) return doc;
  const { findings, collected } = check(parsed.value);
  for (const f of findings) issues.push(issueAt(doc, f.path, f.rule, f.message, f.key ? { key: f.key } : {}));
  doc.valid = findings.length === 0;
  doc.collected = collected;
  return doc;
}

export async function validateContent(options: ValidateOptions): Promise<ValidationReport> {
  const started = performance.now();
  const { root } = options;
  const issues: ContentIssue[] = [];
  let validator = options.validator;
  if (!validator) {
    try {
      validator = await createSchemaValidator(path.join(root, 'schemas'));
    } catch (error) {
      const problems = error instanceof SchemaCompileError ? error.problems : [{ file: '', line: 1, column: 1, message: `the schemas cannot be compiled: ${(error as Error).message}.` }];
      for (const p of problems) {
        issues.push({ severity: 'error', rule: 'schema-file', file: `schemas${p.file ? `/${p.file}` : ''}`, line: p.line, column: p.column, where: '', message: `${p.message} Fix the schema, then run npm run gen:types.` });
      }
    }
  }
  const v = validator;
  // Without schemas the documents are still read, so their syntax errors are reported too.
  const unchecked = () => ({ findings: [], collected: { links: [], images: [] } });

  const names = (await readdir(path.join(root, pagesDir)).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const [site, ...pages] = await Promise.all([
    loadDocument(root, siteConfigFile, undefined, v ? (value) => v.validateSiteConfig(value) : unchecked, issues),
    ...names.map((n) => loadDocument(root, `${pagesDir}/${n}`, n.slice(0, -'.json'.length), v ? (value) => v.validatePage(value) : unchecked, issues)),
  ]);

  if (v) {
    issues.push(...(await checkIntegrity({ root, site: site!, pages })));
    issues.push(...(await checkContentVersions({ root, site: site!, pages })));
  }
  if (options.since !== undefined) issues.push(...(await checkPublishedUrls({ root, site: site!, since: options.since })));

  const blocks = pages.reduce((sum, p) => sum + (((p.parsed.value as { blocks?: unknown[] } | undefined)?.blocks?.length) ?? 0), 0);
  issues.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { issues, stats: { pages: pages.length, blocks, milliseconds: performance.now() - started } };
}
