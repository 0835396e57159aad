/**
 * A set of edited documents as they would be written: each one's text (only the changed properties edited, see
 * edited-text.ts) beside the disk's, and the content check's issues that concern them, with the whole site in
 * place. The dev server's editor API and the studio both check and save through this.
 */
import type { ContentIssue } from '../content-check/issue.ts';
import type { SchemaValidator } from '../content-check/schema-validator.ts';
import { validateContent } from '../content-check/validate-content.ts';
import { readContentFile } from './content-files.ts';
import { editedText } from './edited-text.ts';

export interface PlannedChange<C extends { file: string; value: unknown }> {
  change: C;
  /** The file's text on disk now; undefined when it does not exist yet. */
  disk: string | undefined;
  text: string;
}

/** The texts the changes would write, with the disk's texts they were computed from. */
export async function planChanges<C extends { file: string; value: unknown }>(root: string, changes: readonly C[]): Promise<Array<PlannedChange<C>>> {
  return Promise.all(
    changes.map(async (change) => {
      const disk = await readContentFile(root, change.file);
      return { change, disk, text: editedText(disk, change.value) };
    }),
  );
}

/**
 * The issues that concern the changed files: their own, and a duplicate title or description reported on the
 * other page (the check reports the later one) told again on the changed page, where the editor is typing.
 */
function issuesOf(all: ContentIssue[], files: ReadonlySet<string>): ContentIssue[] {
  const own = all.filter((i) => files.has(i.file));
  for (const issue of all) {
    if (files.has(issue.file) || !/^duplicate-(title|description)$/.test(issue.rule)) continue;
    const other = [...files].find((f) => issue.message.includes(` as ${f};`));
    if (other === undefined) continue;
    const field = issue.rule.slice('duplicate-'.length);
    if (own.some((i) => i.file === other && i.rule === issue.rule)) continue;
    own.push({ ...issue, file: other, path: [field], where: field, message: issue.message.replace(` as ${other};`, ` as ${issue.file};`), line: 0, column: 0 });
  }
  return own;
}

/** The check's issues of the changed files; `validator` is the compiled schemas when the caller keeps them. */
export async function issuesOfChanges(root: string, planned: ReadonlyArray<PlannedChange<{ file: string; value: unknown }>>, validator?: SchemaValidator): Promise<ContentIssue[]> {
  const overrides = new Map(planned.map((p) => [p.change.file, p.text]));
  const { issues } = await validateContent({ root, overrides, ...(validator ? { validator } : {}) });
  return issuesOf(issues, new Set(overrides.keys()));
}
