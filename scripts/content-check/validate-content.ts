/**
 * Validate pages.json and every page document: JSON syntax, schemas, then the integrity checks that span
 * documents. Never throws on bad content: every problem becomes a ContentIssue with file:line:col.
 */
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FileStat } from '../file-stats.ts';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue } from './issue.ts';
import { createSchemaValidator, type SchemaValidator } from './schema-validator.ts';
import { SchemaCompileError } from './schema-problems.ts';
import { exampleIssue } from './schema-examples.ts';
import { checkPublishedUrls } from './published-urls.ts';
import { checkContentVersions } from './content-versions.ts';
import { articleList } from './article-links.ts';
import { checkAcross } from './check-across.ts';
import { articlesKey, recheckEdited } from './recheck.ts';
import { indexKey, lineOf, readSiteIndex, writeSiteIndex, type IndexState } from './site-index.ts';
import { loadedDocument, type LoadedDocument } from './document.ts';
import { checkDocument, noFacts, type SchemaCheck } from './check-document.ts';
import { pageFacts, unreadableFacts } from './page-facts.ts';
import { readBytes } from './read-bytes.ts';
import { appendToResultCache, openResultCache, type ResultCache } from './result-cache.ts';

export interface ValidationReport {
  issues: ContentIssue[];
  /**
   * `cached`: the documents whose own checks came from the cache file (with `cacheFile` only); with `fromIndex`,
   * those whose every issue came from the site index (recheck.ts). Where the time went: `documentsMilliseconds` to
   * each document's own checks (`inWorkers`: in worker threads), or with `fromIndex` to the edited pages and the
   * pages they reach, `acrossMilliseconds` to the checks across documents (with `fromIndex`, of the site as a
   * whole), the rest to the schemas.
   */
  stats: { pages: number; blocks: number; milliseconds: number; documentsMilliseconds: number; acrossMilliseconds: number; inWorkers: boolean; cached?: number; fromIndex?: boolean };
}

export interface ValidateOptions {
  root: string;
  /** Reuse a compiled validator (the dev server keeps one while the schemas do not change). */
  validator?: SchemaValidator;
  /** A git ref ("HEAD", "origin/main") whose published paths must still be served; without it that check does not run. */
  since?: string;
  /**
   * Keep each document's own results in this file (relative to the root; under .build-cache/), and reuse them
   * while its text, the schemas and the checker are unchanged; and the site index beside it (site-index.ts), so
   * that after a few edits only the edited pages and the pages they reach are checked. The report is the same as without it.
   */
  cacheFile?: string;
  /**
   * Texts to check in place of the files on disk, by repository-relative path ("pages/about.json"); a page
   * named here that is not on disk is checked as if it were. The editor checks unsaved documents this way.
   */
  overrides?: ReadonlyMap<string, string>;
  /** From this many page documents to check, worker threads check them (page-facts.ts). */
  workersFrom?: number;
  /** The page documents' stats, by absolute path, when the caller took them already (the build); else each is stat here. */
  stats?: ReadonlyMap<string, FileStat>;
}

export const siteConfigFile = 'pages.json';
export const pagesDir = 'pages';

/** pages.json, read and checked here: its value drives the checks across documents. */
function loadSiteConfig(root: string, check: SchemaCheck | undefined, cache: ResultCache | undefined, override?: string): LoadedDocument {
  const rel = siteConfigFile;
  if (override !== undefined) return loadedDocument(rel, undefined, checkDocument(rel, undefined, override, check), () => override, true);
  let read: ReturnType<typeof readBytes>;
  try {
    read = readBytes(path.join(root, rel));
  } catch (error) {
    return loadedDocument(rel, undefined, unreadableFacts(rel, (error as NodeJS.ErrnoException).code), () => '{}');
  }
  const text = read.bytes.toString('utf8');
  const textHash = cache ? hash('sha1', read.bytes) : '';
  let facts = cache?.reuse(rel, read.stamp, textHash);
  if (!facts) {
    facts = checkDocument(rel, undefined, text, check);
    cache?.keep(rel, read.stamp, textHash, facts);
  }
  return loadedDocument(rel, undefined, facts, () => text, true);
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

  const overrides = options.overrides ?? new Map<string, string>();
  const onDisk = await readdir(path.join(root, pagesDir)).catch(() => [] as string[]);
  const added = [...overrides.keys()].filter((rel) => rel.startsWith(`${pagesDir}/`)).map((rel) => rel.slice(pagesDir.length + 1));
  const names = [...new Set([...onDisk, ...added])].filter((n) => n.endsWith('.json')).sort();
  const documentsStarted = performance.now();
  // The index answers for the files on disk only, and is kept by the runs that keep the result cache.
  const indexed = v && checkSite && checkPage && options.cacheFile !== undefined && overrides.size === 0;
  const indexFile = indexed ? path.join(path.dirname(path.resolve(root, options.cacheFile!)), 'content-index.txt') : '';
  const key = indexed ? await indexKey(root) : '';
  const index = indexed ? await readSiteIndex(indexFile, key) : undefined;
  // The checks that no page edit changes while the content is at its schemas' versions: run every time, kept in no index.
  const wholeSite = async (site: LoadedDocument, pages: LoadedDocument[]) => {
    const versions = v ? await checkContentVersions({ root, site, pages }) : { issues: [], current: true };
    const published = options.since !== undefined ? await checkPublishedUrls({ root, site, since: options.since }) : [];
    return { issues: [...versions.issues, ...published], current: versions.current };
  };

  if (index?.state.contentCurrent && !index.state.articlesUnknown && v && checkSite && checkPage) {
    const files = names.map((n) => `${pagesDir}/${n}`);
    const again = await recheckEdited({ root, files, index, checkSite, checkPage, schemas: v, stats: options.stats });
    const articles = again?.articles && articlesKey(await again.articles);
    if (again && (!again.articles || (articles !== undefined && articles === index.state.articles))) {
      const documentsMilliseconds = performance.now() - documentsStarted;
      const site = loadedDocument(siteConfigFile, undefined, noFacts(), () => readAgain(root, siteConfigFile), true);
      issues.push(...again.issues, ...(await wholeSite(site, [])).issues);
      await Promise.all([writeSiteIndex(indexFile, key, index.state, again.lines), appendToResultCache(path.resolve(root, options.cacheFile!), again.read)]);
      const acrossMilliseconds = performance.now() - documentsStarted - documentsMilliseconds;
      return report(issues, started, { pages: names.length, blocks: again.blocks, documentsMilliseconds, acrossMilliseconds, inWorkers: false, cached: names.length + 1 - again.checked, fromIndex: true });
    }
  }

  // Without schemas there is nothing worth keeping: every result would be a syntax check.
  const cache = v && options.cacheFile !== undefined ? await openResultCache(path.resolve(root, options.cacheFile), path.join(root, 'schemas')) : undefined;
  const site = loadSiteConfig(root, checkSite, cache, overrides.get(siteConfigFile));
  // Only each document's facts stay in memory, not its text and trees.
  const sources = names.map((n) => {
    const rel = `${pagesDir}/${n}`;
    const override = overrides.get(rel);
    return { rel, page: n.slice(0, -'.json'.length), ...(override !== undefined ? { override } : {}) };
  });
  const { facts: checked, inWorkers } = await pageFacts(sources, { root, check: checkPage, cache, schemasDir: path.join(root, 'schemas'), workersFrom: v ? options.workersFrom : Infinity, stats: options.stats });
  const pages = sources.map(({ rel, page, override }, i) => {
    const { facts, unreadable } = checked[i]!;
    if (override !== undefined) return loadedDocument(rel, page, facts, () => override);
    return loadedDocument(rel, page, facts, unreadable ? () => '{}' : () => readAgain(root, rel)); // read again only if it has an issue
  });
  await cache?.save();
  const documentsMilliseconds = performance.now() - documentsStarted;

  const articles = articleList(root, site);
  const across = v ? await checkAcross({ root, site, pages, schemas: v, articles: articles.articles }) : undefined;
  issues.push(...(across ? across.issues : [site, ...pages].flatMap((doc) => doc.facts.issues)));
  const whole = await wholeSite(site, pages);
  issues.push(...whole.issues);
  if (indexed && across) {
    const lines = new Map([[siteConfigFile, lineOf(siteConfigFile, across.entryOf(site, ''))]]);
    pages.forEach((p, i) => lines.set(p.file, lineOf(p.file, across.entryOf(p, checked[i]!.stamp))));
    const state: IndexState = { contentCurrent: whole.current };
    if (articles.asked) {
      const known = articlesKey(await articles.asked);
      if (known) state.articles = known;
      else state.articlesUnknown = true;
    }
    await writeSiteIndex(indexFile, key, state, lines);
  }

  const acrossMilliseconds = performance.now() - documentsStarted - documentsMilliseconds;
  const blocks = pages.reduce((sum, p) => sum + p.facts.blocks.length, 0);
  return report(issues, started, { pages: pages.length, blocks, documentsMilliseconds, acrossMilliseconds, inWorkers, ...(cache ? { cached: cache.hits } : {}) });
}

function report(issues: ContentIssue[], started: number, stats: Omit<ValidationReport['stats'], 'milliseconds'>): ValidationReport {
  const byFile = new Intl.Collator().compare; // localeCompare's order, without a collator per comparison
  // The file's own order last: a collator ties names that differ only in ignorable characters.
  issues.sort((a, b) => byFile(a.file, b.file) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column);
  return { issues, stats: { ...stats, milliseconds: performance.now() - started } };
}
