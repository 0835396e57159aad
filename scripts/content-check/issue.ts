/** One problem found in the content, and how it is printed for people and for tools. */
import type { ContentIssue as ContentIssueOf } from '../../src/model/content-issue.ts';
import type { ContentRuleId } from './content-rules.ts';

/** An issue of this check: its rule is one of the catalogue's. */
export type ContentIssue = ContentIssueOf<ContentRuleId>;

export function formatIssue(issue: ContentIssue): string {
  const place = `${issue.file}:${issue.line}:${issue.column}`;
  const label = issue.severity === 'warning' ? 'warning: ' : '';
  return issue.where ? `${place}  ${label}${issue.where}: ${issue.message}` : `${place}  ${label}${issue.message}`;
}

/** GitHub Actions workflow commands, so CI shows the problem on the line. */
export function formatIssueForGithub(issue: ContentIssue): string {
  const text = (issue.where ? `${issue.where}: ${issue.message}` : issue.message).replace(/%/g, '%25').replace(/\r?\n/g, '%0A');
  return `::${issue.severity} file=${issue.file},line=${issue.line},col=${issue.column},title=${issue.rule}::${text}`;
}

/** "blocks[3] (accordion) › props.items[2].title" from ["blocks", 3, "props", "items", 2, "title"]. */
export function describePath(path: Array<string | number>, blockTypeAt: (prefix: Array<string | number>) => string | undefined): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' || out.endsWith(' › ') ? segment : `.${segment}`;
    const type = i < path.length - 1 ? blockTypeAt(path.slice(0, i + 1)) : undefined;
    if (type) out += ` (${type}) › `;
  }
  return out.replace(/ › $/, '');
}
