/**
 * Validate pages.json and every page document: JSON syntax, schemas, then the integrity checks that span
 * documents. Never throws on bad content: every problem becomes a ContentIssue with file:line:col.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue } from './issue.ts';
import { createSchemaValidator, type SchemaValidator } from './schema-validator.ts';
import { checkIntegrity } from './integrity.ts';
import { SchemaCompileError } from './schema-problems.ts';
import { exampleIssue } from './schema-examples.ts';
import { checkPublishedUrls } from './published-urls.ts';
import { checkContentVersions } from './content-versions.ts';
import { checkArticleLinks } from './article-links.ts';
import { checkPageHeadings } from './page-heading.ts';
import { loadedDocument, type LoadedDocument } from './document.ts';
import { checkDocument, noFacts, type SchemaCheck } from './check-document.ts';
import { openResultCache, type ResultCache } from './result-cache.ts';

export interface ValidationReport {
  issues: ContentIssue[];
  /** `cached`: the documents whose own checks came from the cache file (with `cacheFile` only). */
  stats: { pages: number; blocks: number; milliseconds: number; cached?: number };
}

export interface ValidateOptions {
  root: string;
  /** Reuse a compiled validator (the dev server keeps one while the schemas do not change). */
  validator?: SchemaValidator;
  /** A git ref ("HEAD", "origin/main") whose published paths must still be served; without it that check does not run. */
  since?: string;
  /**
   * Keep each document's own results in this file (relative to the root; under .build-cache/), and reuse them
   * while its text, the schemas and the checker are unchanged. The report is the same as without it.
   */
  cacheFile?: string;
  /**
   * Texts to check in place of the files on disk, by repository-relative path ("pages/about.json"); a page
   * named here that is not on disk is checked as if it were. The editor checks unsaved documents this way.
   */
  overrides?: ReadonlyMap<string, string>;
}

export const siteConfigFile = 'pages.json';
export const pagesDir = 'pages';

// One buffer for every read: thousands of documents then leave no buffers behind for the garbage collector.
let buffer = Buffer.allocUnsafe(1 << 20);

/** The file's bytes, valid until the next read. */
function readBytes(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > buffer.length) buffer = Buffer.allocUnsafe(size);
    let length = 0;
    while (length < size) {
      const n = readSync(fd, buffer, length, size - length, length);
      if (n === 0) break; // cut short since its size was read
      length += n;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

function loadDocument(root: string, rel: string, page: string | undefined, check: SchemaCheck | undefined, cache: ResultCache | undefined, override?: string): LoadedDocument {
  if (override !== undefined) {
    const facts = checkDocument(rel, page, override, check);
    return loadedDocument(rel, page, facts, () => override, page === undefined);
  }
  let bytes: Buffer;
  try {
    bytes = readBytes(path.join(root, rel));
  } catch (error) {
    const issue: ContentIssue = { severity: 'error', rule: 'read', file: rel, line: 1, column: 1, where: '', message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}). Check that the file exists and is readable.` };
    return loadedDocument(rel, page, noFacts([issue]), () => '{}');
  }
  // Decoded only when it is checked: the cache goes by the bytes.
  const checkText = () => checkDocument(rel, page, bytes.toString('utf8'), check);
  const facts = cache ? cache.factsOf(rel, bytes, checkText) : checkText();
  if (page !== undefined) return loadedDocument(rel, page, facts, () => readAgain(root, rel)); // read again only if it has an issue
  const text = bytes.toString('utf8'); // pages.json's value drives the route checks
  return loadedDocument(rel, page, facts, () => text, true);
}

function readAgain(root: string, rel: string): string {
  try {
    return readFileSync(path.join(root, rel), 'utf8');
  } catch {
    return '{}'; // gone since it was checked: its issues point at 1:1
  }
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
  if (v) issues.push(...v.exampleProblems().map(exampleIssue));
  // Without schemas the documents are still read, so their syntax errors are reported too. The value is parsed
  // for this check alone, so AJV may fill its defaults in without a copy.
  const checkSite: SchemaCheck | undefined = v && Object.assign((value: unknown) => v.validateSiteConfig(value, { inPlace: true }), { placements: v });
  const checkPage: SchemaCheck | undefined = v && Object.assign((value: unknown) => v.validatePage(value, { inPlace: true }), { placements: v });

  // Without schemas there is nothing worth keeping: every result would be a syntax check.
  const cache = v && options.cacheFile !== undefined ? await openResultCache(path.resolve(root, options.cacheFile), path.join(root, 'schemas')) : undefined;
  const overrides = options.overrides ?? new Map<string, string>();
  const onDisk = await readdir(path.join(root, pagesDir)).catch(() => [] as string[]);
  const added = [...overrides.keys()].filter((rel) => rel.startsWith(`${pagesDir}/`)).map((rel) => rel.slice(pagesDir.length + 1));
  const names = [...new Set([...onDisk, ...added])].filter((n) => n.endsWith('.json')).sort();
  // Read and checked one at a time: only each document's facts stay in memory, not its text and trees.
  const site = loadDocument(root, siteConfigFile, undefined, checkSite, cache, overrides.get(siteConfigFile));
  const pages = names.map((n) => loadDocument(root, `${pagesDir}/${n}`, n.slice(0, -'.json'.length), checkPage, cache, overrides.get(`${pagesDir}/${n}`)));
  await cache?.save();
  for (const doc of [site, ...pages]) issues.push(...doc.facts.issues);

  if (v) {
    issues.push(...(await checkIntegrity({ root, site, pages })));
    issues.push(...checkPageHeadings({ site, pages, schemas: v }));
    issues.push(...(await checkContentVersions({ root, site, pages })));
    issues.push(...(await checkArticleLinks({ root, site, pages, showsArticle: (type) => v.showsArticle(type) })));
  }
  if (options.since !== undefined) issues.push(...(await checkPublishedUrls({ root, site, since: options.since })));

  const blocks = pages.reduce((sum, p) => sum + p.facts.blocks.length, 0);
  const byFile = new Intl.Collator().compare; // localeCompare's order, without a collator per comparison
  issues.sort((a, b) => byFile(a.file, b.file) || a.line - b.line || a.column - b.column);
  return { issues, stats: { pages: pages.length, blocks, milliseconds: performance.now() - started, ...(cache ? { cached: cache.hits } : {}) } };
}
