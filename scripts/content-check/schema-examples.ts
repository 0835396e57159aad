/** A schema example that breaks its own schema, as a content issue in the schema file (validate, gen:types). */
import { describePath, type ContentIssue } from './issue.ts';
import type { ExampleProblem } from './schema-validator.ts';

/** The schema's examples are what the block gallery, the editor and the tests show: they must follow it. */
export function exampleIssue(p: ExampleProblem): ContentIssue {
  return {
    severity: 'error',
    rule: 'schema-example',
    file: `schemas/${p.file}`,
    line: p.line,
    column: p.column,
    where: describePath(p.path, () => undefined),
    path: p.path,
    message: `${/[.?!]$/.test(p.message) ? p.message : `${p.message}.`} A schema's examples must follow it: fix the example (after a props change with a migration, npm run migrate migrates the examples too).`,
  };
}
