/**
 * npm run validate [-- --json | --format github]
 * Checks pages.json and pages/*.json. Exit 0 when there are no errors (warnings allowed), 1 otherwise.
 */
import path from 'node:path';
import { validateContent } from './content-check/validate.ts';
import { formatIssue, formatIssueForGithub } from './content-check/issue.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const github = args.includes('--format') && args[args.indexOf('--format') + 1] === 'github';

const report = await validateContent({ root });
const errors = report.issues.filter((i) => i.severity === 'error').length;
const warnings = report.issues.length - errors;

if (json) {
  process.stdout.write(JSON.stringify({ ok: errors === 0, errors, warnings, ...report }, null, 2) + '\n');
} else {
  for (const issue of report.issues) console.log(github ? formatIssueForGithub(issue) : formatIssue(issue));
  const { pages, blocks, milliseconds } = report.stats;
  const summary = `${pages} pages, ${blocks} blocks checked in ${Math.round(milliseconds)} ms: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`;
  console.log(errors ? `\n${summary} Fix the errors above (file:line:col), then run npm run validate again.` : summary);
}
process.exit(errors ? 1 : 0);
