/**
 * The content check after a few edits, from the site index (site-index.ts): the edited pages are checked, then the
 * pages their edits reach (those sharing the old or new title or description, and those whose anchors point into a
 * page whose ids changed); every other page keeps its issues from the index. The report is the full check's.
 * Undefined when the index cannot answer for this run: the set of pages changed, more than RECHECK_UP_TO pages to
 * check, a page began or stopped showing an article, or pages.json cannot be read (validate-content.ts also refuses
 * it when the blog's articles are not the ones the index was made with).
 */
import { hash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { FileStat } from '../file-stats.ts';
import path from 'node:path';
import type { ContentIssue } from './issue.ts';
import { loadedDocument, type DocumentFacts, type LoadedDocument } from './document.ts';
import { checkDocument, noFacts, type SchemaCheck } from './check-document.ts';
import { fileStamp, readBytes } from './read-bytes.ts';
import { articleList, type Articles } from './article-links.ts';
import { checkAcross } from './check-across.ts';
import { entryOf, FIELD, fieldOf, issuesOf, lineOf, targetsOf, textKey, type SiteIndex } from './site-index.ts';
import { chooseApiHost } from '../../src/model/api-host.ts';
import { asRecord } from './records.ts';
import { unreadableFacts } from './page-facts.ts';

/** More edited pages than this, and the full check (in worker threads) is the faster way. */
const RECHECK_UP_TO = 2000;

export interface RecheckInput {
  root: string;
  /** The page documents ("pages/about.json"), in name order. */
  files: readonly string[];
  index: SiteIndex;
  checkSite: SchemaCheck;
  checkPage: SchemaCheck;
  schemas: { headsPage(type: string): boolean; showsArticle(type: string): boolean };
  stats?: ReadonlyMap<string, FileStat> | undefined;
}

export interface Rechecked {
  /** Every issue at pages.json and the page documents. */
  issues: ContentIssue[];
  /** The index's lines with this run's put in. */
  lines: Map<string, string>;
  /** How many documents were read and checked. */
  checked: number;
  blocks: number;
  /** The articles the links were checked against, when some were. */
  articles: Promise<Articles> | undefined;
  /** The documents read and checked, for the result cache (result-cache.ts appendToResultCache). */
  read: Array<{ file: string; stamp: string; hash: string; facts: DocumentFacts }>;
}

export const articlesKey = (articles: Articles): string | undefined => ('slugs' in articles ? hash('sha1', [...articles.slugs].sort().join('\n'), 'base64url') : undefined);

const SITE = 'pages.json';
const pageOf = (file: string) => path.basename(file, '.json');

export async function recheckEdited({ root, files, index, checkSite, checkPage, schemas, stats }: RecheckInput): Promise<Rechecked | undefined> {
  const { lines } = index;
  if (lines.size !== files.length + 1 || !lines.has(SITE) || files.some((f) => !lines.has(f))) return undefined;
  const field = (file: string, n: number) => fieldOf(lines.get(file)!, n);
  // Absolute paths by joining strings: path.join for each of 100,000 pages took a tenth of a second.
  const rootPrefix = root + path.sep;
  const stampNow = (file: string) => {
    const absolute = rootPrefix + file.split('/').join(path.sep);
    const info = stats?.get(absolute) ?? statSync(absolute, { throwIfNoEntry: false });
    return info ? fileStamp(info) : '';
  };
  const edited = files.filter((file) => stampNow(file) !== field(file, FIELD.stamp));
  if (edited.length > RECHECK_UP_TO) return undefined;

  let siteText: string;
  try {
    siteText = readBytes(path.join(root, SITE)).bytes.toString('utf8');
  } catch {
    return undefined; // the full check says why, at pages.json
  }
  const siteDoc = loadedDocument(SITE, undefined, noFacts(), () => siteText, true);
  // pages.json checked in full only when an edit reaches its links (an anchor into an edited page).
  const checkedSiteDoc = () => loadedDocument(SITE, undefined, checkDocument(SITE, undefined, siteText, checkSite), () => siteText, true);

  const loaded = new Map<string, { doc: LoadedDocument; stamp: string }>();
  const read: Rechecked['read'] = [];
  const load = (file: string) => {
    let found = loaded.get(file);
    if (!found) {
      const page = pageOf(file);
      try {
        const { bytes, stamp } = readBytes(path.join(root, file));
        const text = bytes.toString('utf8');
        const facts = checkDocument(file, page, text, checkPage);
        read.push({ file, stamp, hash: hash('sha1', bytes), facts });
        found = { doc: loadedDocument(file, page, facts, () => text), stamp };
      } catch (error) {
        found = { doc: loadedDocument(file, page, unreadableFacts(file, (error as NodeJS.ErrnoException).code), () => '{}'), stamp: '' };
      }
      loaded.set(file, found);
    }
    return found;
  };
  const editedDocs = edited.map((file) => load(file).doc);

  // Who has a title or description, in name order (the edited pages' new values in place of their entries'), and
  // whose anchors point into which page. Owners are gathered for the keys asked, a pass over the index for each
  // batch: first the edited pages' old and new ones, then any a page reached by an anchor has.
  const fresh = new Map(edited.map((file) => [file, loaded.get(file)!.doc]));
  const keyOf = (file: string, field: 'title' | 'description') => {
    const doc = fresh.get(file);
    return doc ? textKey(doc.facts[field]) : fieldOf(lines.get(file)!, FIELD[field]);
  };
  const owners = { title: new Map<string, string[]>(), description: new Map<string, string[]>() };
  const gather = (field: 'title' | 'description', keys: Iterable<string>) => {
    const wanted = new Set([...keys].filter((key) => key && !owners[field].has(key)));
    if (wanted.size === 0) return;
    for (const key of wanted) owners[field].set(key, []);
    for (const file of files) {
      const key = keyOf(file, field);
      if (wanted.has(key)) owners[field].get(key)!.push(file);
    }
  };
  const ownersOf = (field: 'title' | 'description', key: string) => {
    gather(field, [key]);
    return owners[field].get(key) ?? [];
  };
  for (const name of ['title', 'description'] as const)
    gather(
      name,
      edited.flatMap((file) => [field(file, FIELD[name]), keyOf(file, name)]),
    );
  const linkedFrom = new Map<string, string[]>();
  let blocks = 0;
  const articlePages = new Set<string>();
  for (const [file, line] of lines) {
    for (const target of targetsOf(line)) {
      const list = linkedFrom.get(target);
      if (list) list.push(file);
      else linkedFrom.set(target, [file]);
    }
    if (file === SITE) continue;
    blocks += fresh.get(file)?.facts.blocks.length ?? Number(fieldOf(line, FIELD.blocks));
    if (fieldOf(line, FIELD.article) === '1') articlePages.add(pageOf(file));
  }
  const names = files.map(pageOf);
  const isPage = new Set(names);
  const articles = articleList(root, siteDoc);
  // An external blog is asked every time, as the full check would: its articles change without a commit here.
  if (chooseApiHost(process.env.VITE_API_HOST, asRecord(asRecord(siteDoc.value).settings).apiHost)) void articles.articles();

  const run = (docs: LoadedDocument[], site: LoadedDocument) =>
    checkAcross({
      root,
      site,
      pages: docs,
      schemas,
      articles: articles.articles,
      rest: {
        names,
        checkSite: site !== siteDoc,
        articlePages,
        // A route may name a page that has no file: it has no ids, as in the full check.
        page: (name) => (isPage.has(name) ? load(`pages/${name}.json`).doc : undefined),
        firstWith: (field, value) => ownersOf(field, textKey(value))[0],
      },
    });

  const changed = new Map<string, string>();
  const issues: ContentIssue[] = [];
  const first = await run(editedDocs, siteDoc);
  issues.push(...first.issues);
  const reached = new Set<string>();
  for (const file of edited) {
    const before = entryOf(lines.get(file)!);
    const now = first.entryOf(loaded.get(file)!.doc, loaded.get(file)!.stamp);
    if (now.article !== before.article) return undefined; // which links lead to articles changed for every page
    changed.set(file, lineOf(file, now));
    if (now.ids !== before.ids) for (const linker of linkedFrom.get(pageOf(file)) ?? []) reached.add(linker);
    for (const field of ['title', 'description'] as const) {
      if (now[field] === before[field]) continue;
      for (const key of [now[field], before[field]]) if (key) for (const owner of ownersOf(field, key)) reached.add(owner);
    }
  }
  for (const file of edited) reached.delete(file);
  if (edited.length + reached.size > RECHECK_UP_TO) return undefined;
  if (reached.size > 0) {
    // The owners of the reached pages' titles and descriptions, gathered in one pass each.
    for (const field of ['title', 'description'] as const)
      gather(
        field,
        [...reached].filter((file) => file !== SITE).map((file) => keyOf(file, field)),
      );
    const site = reached.delete(SITE) ? checkedSiteDoc() : siteDoc;
    const docs = [...reached].sort().map((file) => load(file).doc);
    const second = await run(docs, site);
    issues.push(...second.issues);
    for (const doc of docs) changed.set(doc.file, lineOf(doc.file, second.entryOf(doc, loaded.get(doc.file)!.stamp)));
    if (site !== siteDoc) changed.set(SITE, lineOf(SITE, second.entryOf(site, '')));
  }

  const merged = new Map<string, string>();
  for (const [file, line] of lines) {
    const now = changed.get(file);
    merged.set(file, now ?? line);
    if (!now) issues.push(...issuesOf(line));
  }
  return { issues, lines: merged, checked: loaded.size + (changed.has(SITE) ? 1 : 0), blocks, articles: articles.asked, read };
}
