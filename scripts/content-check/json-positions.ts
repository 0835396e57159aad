/** Parse JSON keeping positions, so every problem can be reported as file:line:col. */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { findInvisibleBetweenTokens, isJsonWhitespace } from './invisible-characters.ts';

export interface Position {
  line: number;
  column: number;
}

export interface ParsedJson {
  text: string;
  tree: Node | undefined;
  value: unknown;
  syntaxErrors: Array<Position & { message: string }>;
  duplicateKeys: Array<Position & { path: Array<string | number>; key: string }>;
}

const syntaxWords: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'this is not a valid number',
  PropertyNameExpected: 'expected a property name in double quotes (is there a trailing comma before this?)',
  ValueExpected: 'expected a value (is there a trailing comma, or a missing value?)',
  ColonExpected: 'expected a colon after the property name',
  CommaExpected: 'expected a comma (is one missing at the end of the previous line?)',
  CloseBraceExpected: 'expected a closing brace }',
  CloseBracketExpected: 'expected a closing bracket ]',
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'this string is not closed with a double quote',
  UnexpectedEndOfNumber: 'this number is cut short',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character after a backslash',
  InvalidCharacter: 'invalid character inside a string (a line break or tab must be written \\n or \\t)',
};

/**
 * The text without a leading UTF-8 byte order mark, which many Windows editors write and JSON.parse refuses. The
 * file keeps it; positions are counted without it, as editors show them.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** JSON.parse for a content file: a leading byte order mark is allowed. */
export function parseContentJson(text: string): unknown {
  return JSON.parse(withoutBom(text));
}

/**
 * Where the comma stands when the parser's error at `offset` is a closing } or ] right after one: the parser
 * stops at the bracket, but the comma is what to delete, often on the line above.
 */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  if (text[offset] !== '}' && text[offset] !== ']') return undefined;
  let before = offset - 1;
  while (before >= 0 && isJsonWhitespace(text.charCodeAt(before))) before--;
  return text[before] === ',' ? before : undefined;
}

export function lineColumn(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

// Where each line starts, per parsed text: a document with many issues is then scanned once, not once per issue.
const lineStartsOf = new WeakMap<ParsedJson, number[]>();

function positionOf(parsed: ParsedJson, offset: number): Position {
  let starts = lineStartsOf.get(parsed);
  if (!starts) {
    starts = [0];
    for (let i = parsed.text.indexOf('\n'); i !== -1; i = parsed.text.indexOf('\n', i + 1)) starts.push(i + 1);
    lineStartsOf.set(parsed, starts);
  }
  const at = Math.min(offset, parsed.text.length);
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}

export function parseJsonWithPositions(source: string): ParsedJson {
  const text = withoutBom(source);
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // Only the first: the parser's later errors follow from it ("colon expected", then "value expected" …).
  const syntaxErrors = errors.slice(0, 1).map((e) => {
    const comma = trailingCommaBefore(text, e.offset);
    if (comma !== undefined) return { ...lineColumn(text, comma), message: `JSON syntax error: a comma after the last ${text[e.offset] === '}' ? 'property' : 'item'}, which JSON does not allow: delete this comma` };
    const code = printParseErrorCode(e.error);
    return { ...lineColumn(text, e.offset), message: `JSON syntax error: ${syntaxWords[code] ?? code}` };
  });
  const found = findInvisibleBetweenTokens(text);
  const invisible = found && { ...lineColumn(text, found.offset), message: found.message };
  // The first mistake in the file is the one to fix first.
  if (invisible && (syntaxErrors.length === 0 || isBefore(invisible, syntaxErrors[0]!))) syntaxErrors.splice(0, 1, invisible);
  let value: unknown;
  if (syntaxErrors.length === 0) {
    try {
      value = JSON.parse(text);
    } catch (error) {
      syntaxErrors.push({ line: 1, column: 1, message: `JSON syntax error: ${(error as Error).message}` });
    }
  }
  return { text, tree, value, syntaxErrors, duplicateKeys: tree ? findDuplicateKeys(text, tree) : [] };
}

/**
 * JSON.parse, with the position parser only for a text that has something to report (a syntax error or a
 * duplicate key): most documents have neither, and positions are then parsed only if a later check needs one.
 */
export function parseJsonQuickly(source: string): { value: unknown; parsed?: ParsedJson } {
  const text = withoutBom(source);
  try {
    const value: unknown = JSON.parse(text);
    // JSON.parse keeps the last of duplicate keys, so a text with one has more keys than its value.
    if (keysInText(text) === keysInValue(value)) return { value };
  } catch {
    // Parsed again below, for the error's position.
  }
  const parsed = parseJsonWithPositions(text);
  return { value: parsed.value, parsed };
}

const isBefore = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.column <= b.column);

/** Property names in a text JSON.parse accepted: the strings followed by a colon. */
function keysInText(text: string): number {
  let keys = 0;
  for (let start = text.indexOf('"'); start !== -1;) {
    let end = text.indexOf('"', start + 1);
    for (;;) {
      let backslashes = 0;
      while (text.charCodeAt(end - 1 - backslashes) === 92) backslashes++;
      if (backslashes % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    let next = end + 1;
    let c = text.charCodeAt(next);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++next);
    if (c === 58) keys++;
    start = text.indexOf('"', next);
  }
  return keys;
}

function keysInValue(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let keys = 0;
  if (Array.isArray(value)) {
    for (const item of value) keys += keysInValue(item);
    return keys;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) keys += 1 + keysInValue(record[key]);
  return keys;
}

function findDuplicateKeys(text: string, root: Node): ParsedJson['duplicateKeys'] {
  const found: ParsedJson['duplicateKeys'] = [];
  const walk = (node: Node, path: Array<string | number>) => {
    if (node.type === 'object') {
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode) continue;
        const key = String(keyNode.value);
        if (seen.has(key)) found.push({ ...lineColumn(text, keyNode.offset), path, key });
        seen.add(key);
        if (valueNode) walk(valueNode, [...path, key]);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => walk(child, [...path, i]));
    }
  };
  walk(root, []);
  return found;
}

/** Where a value sits; with `key`, where that property's name sits (for unknown or duplicate properties). */
export function positionAt(parsed: ParsedJson, path: Array<string | number>, key?: string): Position {
  if (!parsed.tree) return { line: 1, column: 1 };
  // Walk up to the nearest existing node so a missing value still points somewhere useful.
  for (let depth = path.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(parsed.tree, path.slice(0, depth));
    if (!node) continue;
    if (key !== undefined && depth === path.length && node.type === 'object') {
      const property = node.children?.find((p) => p.children?.[0]?.value === key);
      const keyNode = property?.children?.[0];
      if (keyNode) return positionOf(parsed, keyNode.offset);
    }
    // For a property's value, point at the property name: that is where editors look.
    const owner = node.parent?.type === 'property' ? node.parent : node;
    return positionOf(parsed, owner.offset);
  }
  return { line: 1, column: 1 };
}
