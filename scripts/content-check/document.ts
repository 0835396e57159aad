/** A loaded content document and how to point at a place inside it. */
import { describePath, type ContentIssue } from './issue.ts';
import { parseContentJson, parseJsonWithPositions, positionAt, type ParsedJson } from './json-positions.ts';
import type { Collected, JsonPath } from './schema-validator.ts';
import { valueAt } from '../../src/model/value-at.ts';

/** One entry of a page's "blocks": the strings the id, fragment and version checks read. */
export interface BlockFacts {
  type?: string;
  id?: string;
  fragment?: string;
}

/**
 * What one document says on its own: its problems, and all the checks across documents read from it. It depends
 * on the document's text and the schemas alone, so it can be cached by them (result-cache.ts).
 */
export interface DocumentFacts {
  /** JSON syntax, duplicate keys and schema problems, with their positions. */
  issues: ContentIssue[];
  /**
   * The links and images the checks across documents read. Not the pictures: those are checked within the
   * document, and each holds a part of the parsed value, which kept every page's tree alive at 100,000 pages.
   */
  collected: Pick<Collected, 'links' | 'images'>;
  title?: string;
  description?: string;
  blocks: BlockFacts[];
}

export interface LoadedDocument {
  /** Repository-relative path with forward slashes. */
  file: string;
  /** The page name ("about" for pages/about.json); undefined for pages.json. */
  page?: string;
  facts: DocumentFacts;
  /** The value, as written (undefined when the text is not JSON): pages.json's routes drive the checks across documents. */
  readonly value: unknown;
  /** The text parsed with positions, on first use: only a document with an issue pays for it. */
  readonly parsed: ParsedJson;
}

// The positions of one page at a time: the checks report a page's issues one after another, and thousands of
// pages with an issue (say, the routes of a whole section removed) would otherwise keep thousands of trees.
let lastPage: { of: object; parsed: ParsedJson } | undefined;

/** pages.json keeps its positions (`keep`): its issues come from checks all over. */
export function loadedDocument(file: string, page: string | undefined, facts: DocumentFacts, text: () => string, keep = false): LoadedDocument {
  let kept: ParsedJson | undefined;
  let value: { is: unknown } | undefined;
  const doc: LoadedDocument = {
    file,
    page,
    facts,
    get value() {
      value ??= { is: valueOf(text()) };
      return value.is;
    },
    get parsed() {
      if (keep) return (kept ??= parseJsonWithPositions(text()));
      if (lastPage?.of !== doc) lastPage = { of: doc, parsed: parseJsonWithPositions(text()) };
      return lastPage.parsed;
    },
  };
  return doc;
}

function valueOf(text: string): unknown {
  try {
    return parseContentJson(text);
  } catch {
    return undefined; // its syntax error is reported with the document's own issues
  }
}

export { valueAt };

/** The block type of the entry a path goes through, for messages like "blocks[3] (accordion) › props.title". */
export function blockTypeAtFor(root: unknown, isSiteConfig: boolean) {
  return (prefix: JsonPath): string | undefined => {
    const isBlockSlot = isSiteConfig ? prefix.length === 2 && (prefix[0] === 'layout' || prefix[0] === 'fragments') : prefix.length === 2 && prefix[0] === 'blocks' && typeof prefix[1] === 'number';
    if (!isBlockSlot) return undefined;
    const type = (valueAt(root, prefix) as { type?: unknown } | undefined)?.type;
    return typeof type === 'string' ? type : undefined;
  };
}

export function issueAt(doc: Pick<LoadedDocument, 'file' | 'parsed' | 'page'>, at: JsonPath, rule: ContentIssue['rule'], message: string, options: { key?: string; severity?: ContentIssue['severity'] } = {}): ContentIssue {
  const position = positionAt(doc.parsed, at, options.key);
  const describe = blockTypeAtFor(doc.parsed.value, doc.page === undefined);
  const path = options.key ? [...at, options.key] : at;
  const where = describePath(path, describe);
  return { severity: options.severity ?? 'error', rule, file: doc.file, ...position, where, path, message };
}
