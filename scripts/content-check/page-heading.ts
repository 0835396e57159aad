/**
 * One h1 a page: the blocks whose schema says "x-page-heading" (the heroes, the article) each show the page's
 * h1, so two of them on a page, a fragment's included, give search engines and screen readers two titles.
 */
import type { ContentIssue } from './issue.ts';
import { issueAt, type LoadedDocument } from './document.ts';
import { asRecord } from './records.ts';

interface Input {
  site: LoadedDocument;
  pages: LoadedDocument[];
  schemas: { headsPage(type: string): boolean };
}

export function checkPageHeadings({ site, pages, schemas }: Input): ContentIssue[] {
  const fragments = asRecord(asRecord(site.value).fragments);
  const issues: ContentIssue[] = [];
  for (const page of pages) {
    let first: string | undefined;
    page.facts.blocks.forEach((block, i) => {
      const type = block.fragment === undefined ? block.type : asRecord(fragments[block.fragment]).type;
      if (typeof type !== 'string' || !schemas.headsPage(type)) return;
      const here = block.fragment === undefined ? `blocks[${i}] (${type})` : `the fragment "${block.fragment}" (${type})`;
      if (first === undefined) first = here;
      else {
        const what = block.fragment === undefined ? 'a second h1' : `the fragment "${block.fragment}" is a ${type}, a second h1`;
        const message = `${what} on this page: ${first} already shows the page's heading, and a page has one. Remove one of them, or use a block whose heading is an h2 here.`;
        issues.push(issueAt(page, ['blocks', i, block.fragment === undefined ? 'type' : 'fragment'], 'page-heading', message));
      }
    });
  }
  return issues;
}
