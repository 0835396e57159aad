/** A loaded content document and how to point at a place inside it. */
import { describePath, type ContentIssue } from './issue.ts';
import { positionAt, type ParsedJson } from './json-positions.ts';
import type { Collected, JsonPath } from './schema-validator.ts';

export interface LoadedDocument {
  /** Repository-relative path with forward slashes. */
  file: string;
  /** The page name ("about" for pages/about.json); undefined for pages.json. */
  page?: string;
  parsed: ParsedJson;
  /** Whether it passed its schema. */
  valid: boolean;
  collected: Collected;
}

export function valueAt(value: unknown, at: JsonPath): unknown {
  let current = value;
  for (const segment of at) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

/** The block type of the entry a path goes through, for messages like "blocks[3] (accordion) › props.title". */
export function blockTypeAtFor(root: unknown, isSiteConfig: boolean) {
  return (prefix: JsonPath): string | undefined => {
    const isBlockSlot = isSiteConfig
      ? (prefix.length === 2 && (prefix[0] === 'layout' || prefix[0] === 'fragments'))
      : prefix.length === 2 && prefix[0] === 'blocks' && typeof prefix[1] === 'number';
    if (!isBlockSlot) return undefined;
    const type = (valueAt(root, prefix) as { type?: unknown } | undefined)?.type;
    return typeof type === 'string' ? type : undefined;
  };
}

export function issueAt(doc: Pick<LoadedDocument, 'file' | 'parsed' | 'page'>, at: JsonPath, rule: string, message: string, options: { key?: string; severity?: ContentIssue['severity'] } = {}): ContentIssue {
  const position = positionAt(doc.parsed, at, options.key);
  const describe = blockTypeAtFor(doc.parsed.value, doc.page === undefined);
  const where = describePath(options.key ? [...at, options.key] : at, describe);
  return { severity: options.severity ?? 'error', rule, file: doc.file, ...position, where, message };
}

