/**
 * The checks across documents over the documents to check (every page, or after a few edits the pages they reach:
 * `rest` says what the others hold), with those documents' own issues; and each one's index entry
 * (site-index.ts), which the next run after an edit reads in place of the document.
 */
import { hash } from 'node:crypto';
import type { ContentIssue } from './issue.ts';
import type { LoadedDocument } from './document.ts';
import { checkIntegrity, type RestOfSite } from './integrity.ts';
import { checkPageHeadings } from './page-heading.ts';
import { checkArticleLinks, showsAnArticle, type Articles } from './article-links.ts';
import { textKey, type IndexEntry } from './site-index.ts';

export interface AcrossInput {
  root: string;
  site: LoadedDocument;
  pages: LoadedDocument[];
  schemas: { headsPage(type: string): boolean; showsArticle(type: string): boolean };
  articles: () => Promise<Articles>;
  /** When `pages` are only some: the rest of the site, and which of its pages show an article. */
  rest?: RestOfSite & { articlePages: ReadonlySet<string> };
}

export interface AcrossResult {
  /** Every issue at the checked documents: their own, and the checks across documents'. */
  issues: ContentIssue[];
  /** The index entry of a checked document, read from the file whose stamp is given. */
  entryOf(doc: LoadedDocument, stamp: string): IndexEntry;
}

export async function checkAcross({ root, site, pages, schemas, articles, rest }: AcrossInput): Promise<AcrossResult> {
  const checkSite = rest?.checkSite ?? true;
  const checked = checkSite ? [site, ...pages] : pages;
  const issues = checked.flatMap((doc) => doc.facts.issues);
  const integrity = await checkIntegrity({ root, site, pages, ...(rest ? { rest } : {}) });
  issues.push(...integrity.issues);
  issues.push(...checkPageHeadings({ site, pages, schemas }));
  issues.push(...(await checkArticleLinks({ site, pages, showsArticle: (type) => schemas.showsArticle(type), articles, checkSite, ...(rest ? { articlePages: rest.articlePages } : {}) })));

  const byFile = new Map<string, ContentIssue[]>();
  for (const issue of issues) {
    const list = byFile.get(issue.file);
    if (list) list.push(issue);
    else byFile.set(issue.file, [issue]);
  }
  return {
    issues,
    entryOf(doc, stamp) {
      const ids = doc.page === undefined ? undefined : integrity.idsOf(doc.page);
      return {
        stamp,
        title: textKey(doc.facts.title),
        description: textKey(doc.facts.description),
        ids: ids ? hash('sha1', JSON.stringify([...ids]), 'base64url').slice(0, 16) : '',
        article: doc.page !== undefined && showsAnArticle(doc, (type) => schemas.showsArticle(type)),
        blocks: doc.facts.blocks.length,
        anchorTargets: [...(integrity.anchorTargets.get(doc.file) ?? [])],
        issues: byFile.get(doc.file) ?? [],
      };
    },
  };
}
