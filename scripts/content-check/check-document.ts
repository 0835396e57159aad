/** One document's own checks (JSON syntax, duplicate keys, schema) and the facts the checks across documents read. */
import type { ContentIssue } from './issue.ts';
import { parseJsonQuickly, parseJsonWithPositions, type ParsedJson } from './json-positions.ts';
import type { Collected, Finding } from './schema-validator.ts';
import { issueAt, valueAt, type DocumentFacts } from './document.ts';
import { checkPlacement, type BlockPlacements } from './placement.ts';
import { pictureAltFindings } from './picture-alt.ts';
import { placeholderFindings } from './placeholder-text.ts';
import { asRecord } from './records.ts';

/** The schema check; it may fill defaults into the value it is given. `placements`: where each block type may be used. */
export type SchemaCheck = ((value: unknown) => { findings: Finding[]; collected: Collected }) & { placements?: BlockPlacements };

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const noFacts = (issues: ContentIssue[] = []): DocumentFacts => ({ issues, collected: { links: [], images: [] }, blocks: [] });

/** Without a schema check (the schemas do not compile) only the JSON itself is checked. */
export function checkDocument(file: string, page: string | undefined, text: string, check: SchemaCheck | undefined): DocumentFacts {
  const quick = parseJsonQuickly(text);
  let parsed: ParsedJson | undefined = quick.parsed;
  const doc = {
    file,
    page,
    get parsed() {
      return (parsed ??= parseJsonWithPositions(text));
    },
  };
  const issues: ContentIssue[] = [];
  if (quick.parsed) {
    const { syntaxErrors, duplicateKeys } = quick.parsed;
    for (const e of syntaxErrors) issues.push({ severity: 'error', rule: 'json-syntax', file, line: e.line, column: e.column, where: '', message: e.message });
    for (const d of duplicateKeys) {
      const issue = issueAt(doc, d.path, 'duplicate-key', `property "${d.key}" appears twice in the same object; only the last one counts. Remove one.`, { key: d.key });
      issues.push({ ...issue, line: d.line, column: d.column }); // the second occurrence, not the first
    }
    if (syntaxErrors.length > 0) return noFacts(issues);
  }
  // Read before the schema check, which fills defaults into the value.
  const { value } = quick;
  const blocks = (Array.isArray(asRecord(value).blocks) ? (asRecord(value).blocks as unknown[]) : []).map((entry) => {
    const block = asRecord(entry);
    return { type: asString(block.type), id: asString(block.id), fragment: asString(block.fragment) };
  });
  const facts: DocumentFacts = { ...noFacts(issues), title: asString(valueAt(value, ['title'])), description: asString(valueAt(value, ['description'])), blocks };
  // Before the schema check, which fills defaults into the value: only what is written is reported.
  for (const f of placeholderFindings(value)) issues.push(issueAt(doc, f.path, f.rule, f.message, { severity: 'warning' }));
  if (!check) return facts;
  const checked = check(value);
  const { collected } = checked;
  const findings = check.placements ? checkPlacement(value, file, page === undefined, check.placements, checked.findings) : checked.findings;
  for (const f of [...findings, ...pictureAltFindings(collected)]) issues.push(issueAt(doc, f.path, f.rule, f.message, f.key ? { key: f.key } : {}));
  facts.collected = { links: collected.links, images: collected.images };
  return facts;
}
