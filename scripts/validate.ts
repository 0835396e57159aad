/**
 * npm run validate [-- --json | --format github] [--since <ref>] [--cache]
 * Checks pages.json and pages/*.json, and that every path published at a git ref is still served. Exit 0 when
 * there are no errors (warnings allowed), 1 otherwise, 2 for a flag it does not know.
 */
import path from 'node:path';
import { validateContent } from './content-check/validate-content.ts';
import { formatIssue, formatIssueForGithub } from './content-check/issue.ts';
import { parseFlags } from './cli-flags.ts';
import { contentCheckCacheFile as cacheFile } from './build-cache.ts';

const usage = `Usage: npm run validate [-- --json | --format github] [--since <ref>] [--cache]

Checks pages.json, every page document and the schemas; prints each problem as file:line:col.
  --json            the report as JSON, for tools
  --format github   GitHub Actions annotations, for CI
  --since <ref>     the git ref whose published paths must still be served (default HEAD; CI: origin/main)
  --cache           reuse each document's own results from earlier runs while the document, the schemas and
                    the checker are unchanged (kept in ${cacheFile}): after an edit
                    only the edited documents are checked again. The report is the same as without it.
  --help            this text
Exit 0 without errors (warnings allowed), 1 with errors, 2 for an unknown flag.`;

const root = path.resolve(import.meta.dirname, '..');
const { flags } = parseFlags('validate', usage, { '--json': 'switch', '--format': 'value', '--since': 'value', '--cache': 'switch' }, process.argv.slice(2));
const json = flags.has('--json');
const format = flags.get('--format');
if (format !== undefined && format !== 'github') {
  console.error(`validate: unknown --format "${String(format)}": the one format is github (plain text is the default).`);
  process.exit(2);
}
const github = format === 'github';

const report = await validateContent({ root, since: String(flags.get('--since') ?? 'HEAD'), ...(flags.has('--cache') ? { cacheFile } : {}) });
const errors = report.issues.filter((i) => i.severity === 'error').length;
const warnings = report.issues.length - errors;

if (json) {
  const ms = (key: 'milliseconds' | 'documentsMilliseconds' | 'acrossMilliseconds') => Math.round(report.stats[key]);
  const stats = { ...report.stats, milliseconds: ms('milliseconds'), documentsMilliseconds: ms('documentsMilliseconds'), acrossMilliseconds: ms('acrossMilliseconds') };
  process.stdout.write(JSON.stringify({ ok: errors === 0, errors, warnings, ...report, stats }, null, 2) + '\n');
} else {
  for (const issue of report.issues) console.log(github ? formatIssueForGithub(issue) : formatIssue(issue));
  const { pages, blocks, milliseconds, documentsMilliseconds, acrossMilliseconds, inWorkers, cached, fromIndex } = report.stats;
  const fromCache = cached === undefined ? '' : `, ${cached} of ${pages + 1} documents unchanged, from ${cacheFile}`;
  // Where the time went: the bench prints this line.
  const schemas = milliseconds - documentsMilliseconds - acrossMilliseconds;
  const steps = fromIndex
    ? `schemas ${Math.round(schemas)} ms, the edited pages and the pages they reach ${Math.round(documentsMilliseconds)} ms (${cached} of ${pages + 1} documents from the site index), the site as a whole ${Math.round(acrossMilliseconds)} ms`
    : `schemas ${Math.round(schemas)} ms, each document ${Math.round(documentsMilliseconds)} ms${inWorkers ? ' in worker threads' : ''}${fromCache}, across documents ${Math.round(acrossMilliseconds)} ms`;
  const summary = `${pages} pages, ${blocks} blocks checked in ${Math.round(milliseconds)} ms (${steps}): ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`;
  console.log(errors ? `\n${summary} Fix the errors above (file:line:col), then run npm run validate again.` : summary);
}
process.exit(errors ? 1 : 0);
