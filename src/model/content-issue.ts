/**
 * One problem the content check found, as it travels: in the check's own reports (scripts/content-check,
 * where `rule` is one of its catalogue's ids) and in the editor, which reads the issues from its dev-server API.
 */
export interface ContentIssue<Rule extends string = string> {
  severity: 'error' | 'warning';
  /** The rule that found it (scripts/content-check/content-rules.ts), for --json consumers, the GitHub annotations and tests. */
  rule: Rule;
  /** Path from the repository root, with forward slashes: "pages/about.json". */
  file: string;
  line: number;
  column: number;
  /** Where inside the document, for people: "blocks[3] (accordion) › props.items[2].title". Empty for the whole file. */
  where: string;
  /** The JSON path of the value concerned (["blocks", 3, "props", "title"]); absent for the whole file. The editor puts the message beside its field. */
  path?: Array<string | number>;
  message: string;
}
