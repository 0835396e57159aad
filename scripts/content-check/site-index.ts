/**
 * What the checks across documents read of each page, and every issue found at it, kept between runs
 * (`.build-cache/content-index.txt`) so that after a few edits only the edited pages, and the pages an edit
 * reaches, are checked again (recheck.ts): at 100,000 pages, loading every page's facts and checking across all
 * of them took seconds and a gigabyte for a one-page rebuild.
 *
 * An edit reaches another page in three ways only, with pages.json, the schemas, the checker's code, public/ and the
 * blog's articles unchanged (the key says they are): a title or description it now shares or no longer shares, and
 * the ids another page's anchor points at. Each entry keeps what tells those apart: hashes of the title and the
 * description, a hash of the ids, and the pages its anchors point into.
 */
import { hash } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue } from './issue.ts';
import { cacheKey } from './result-cache.ts';
import { listFiles } from '../list-files.ts';
import { writeWhole } from '../compressed-siblings.ts';
import { fileStamp } from './read-bytes.ts';

/** Bumped when the file's layout changes. */
const format = 1;

export interface IndexEntry {
  /** The file's stamp when it was checked (read-bytes.ts); pages.json's is in the key. */
  stamp: string;
  /** Hashes ('' for none) of the title and the description, by which duplicates are found. */
  title: string;
  description: string;
  /** A hash of the page's ids and the blocks that show them, in order: what another page's anchor reads. */
  ids: string;
  /** Whether the page shows an article (which links to articles are checked against the blog). */
  article: boolean;
  blocks: number;
  /** The pages this document's links point into with an anchor. */
  anchorTargets: string[];
  /** Every issue at this file, of the document's own checks and the checks across documents. */
  issues: ContentIssue[];
}

/** What the key does not hold but the last full check found: whether a run after edits can trust the entries. */
export interface IndexState {
  /** Every block type's content was at its schema's version (content-versions.ts). */
  contentCurrent: boolean;
  /** A hash of the blog's article slugs when the check asked for them and got them. */
  articles?: string;
  /** The check asked for the articles and could not get them: its one warning counts every link, so no run after edits can keep it. */
  articlesUnknown?: boolean;
}

export const textKey = (text: string | undefined): string => (text ? hash('sha1', text, 'base64url').slice(0, 16) : '');

/** Everything besides the page documents that the checks across documents read. */
export async function indexKey(root: string): Promise<string> {
  const code = await cacheKey(
    path.join(root, 'schemas'),
    ['src/model', 'src/features', 'server/api'].map((d) => path.join(root, d)),
  );
  const stampOrMissing = (file: string) => {
    const info = statSync(file, { throwIfNoEntry: false });
    return info ? fileStamp(info) : 'missing';
  };
  // public/ holds the files images point at and the pictures whose sizes are checked; the blog's samples, the articles.
  const files = [...listFiles(path.join(root, 'public')), ...listFiles(path.join(root, 'server', 'api', 'sample-blogs')), path.join(root, 'pages.json'), path.join(root, 'content-versions.json')];
  const stamps = files.map((f) => `${path.relative(root, f)} ${stampOrMissing(f)}`).join('\n');
  return hash('sha1', `format ${format}\n${code}\n${stamps}\napi ${process.env.VITE_API_HOST ?? ''}`, 'base64url');
}

const SEP = '\t';
const NO_ISSUES = '[]';

/** An entry's line: its fields tab-separated, its issues as JSON. */
export function lineOf(file: string, e: IndexEntry): string {
  // The targets are page names a route wrote, which may hold spaces or tabs: as JSON, like the issues.
  return [file, e.stamp, e.title, e.description, e.ids, e.article ? '1' : '0', String(e.blocks), e.anchorTargets.length === 0 ? '' : JSON.stringify(e.anchorTargets), e.issues.length === 0 ? NO_ISSUES : JSON.stringify(e.issues)].join(SEP);
}

/** The pages a line's anchors point into. */
export const targetsOf = (line: string): string[] => {
  const targets = fieldOf(line, FIELD.anchorTargets);
  return targets ? (JSON.parse(targets) as string[]) : [];
};

/** Field `n` of a line (0: the file, 1: the stamp, 2: the title's hash …), cut out without splitting the line. */
export function fieldOf(line: string, n: number): string {
  let start = 0;
  for (let i = 0; i < n; i++) start = line.indexOf(SEP, start) + 1;
  const end = line.indexOf(SEP, start);
  return end < 0 ? line.slice(start) : line.slice(start, end);
}

export const FIELD = { stamp: 1, title: 2, description: 3, ids: 4, article: 5, blocks: 6, anchorTargets: 7 } as const;

export function entryOf(line: string): IndexEntry {
  const [, stamp = '', title = '', description = '', ids = '', article, blocks, targets = '', issues = NO_ISSUES] = line.split(SEP);
  return { stamp, title, description, ids, article: article === '1', blocks: Number(blocks), anchorTargets: targets ? (JSON.parse(targets) as string[]) : [], issues: JSON.parse(issues) as ContentIssue[] };
}

/** The issues of a line: most have none, and then nothing is parsed. */
export const issuesOf = (line: string): ContentIssue[] => (line.endsWith(`${SEP}${NO_ISSUES}`) ? [] : entryOf(line).issues);

export interface SiteIndex {
  state: IndexState;
  /**
   * Each document's line by file, pages.json included, in the order they were written (pages.json, then the pages
   * by name): read for the few fields a run needs (fieldOf), since parsing 100,000 entries cost more than the run.
   */
  lines: Map<string, string>;
}

/** The index kept under this key, or undefined (none yet, another key, unreadable). */
export async function readSiteIndex(indexFile: string, key: string): Promise<SiteIndex | undefined> {
  const text = await readFile(indexFile, 'utf8').catch(() => '');
  const newline = text.indexOf('\n');
  if (newline < 0) return undefined;
  let header: { key?: string; state?: IndexState };
  try {
    header = JSON.parse(text.slice(0, newline)) as typeof header;
  } catch {
    return undefined;
  }
  if (header.key !== key || !header.state) return undefined;
  const lines = new Map<string, string>();
  for (const line of text.slice(newline + 1).split('\n')) {
    if (line) lines.set(line.slice(0, line.indexOf(SEP)), line);
  }
  return { state: header.state, lines };
}

/** Writes the index whole, from each document's line; none for a site with a file name no line can hold. */
export async function writeSiteIndex(indexFile: string, key: string, state: IndexState, lines: ReadonlyMap<string, string>): Promise<void> {
  try {
    if ([...lines.keys()].some((file) => /[\t\n]/.test(file))) {
      await rm(indexFile, { force: true });
      return;
    }
    await mkdir(path.dirname(indexFile), { recursive: true });
    // A run stopped halfway never leaves half a file.
    await writeWhole(indexFile, `${JSON.stringify({ key, state })}\n${[...lines.values()].join('\n')}`);
  } catch {
    // The index only saves time: without it the next run checks every document across the site.
  }
}
