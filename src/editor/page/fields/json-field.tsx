/**
 * The fallback for a value no other field fits: its JSON, edited as text. What is typed is kept while it is
 * not yet JSON, with a message saying why; the document changes once it parses.
 */
import { useEffect, useState } from 'react';
import { useEditor } from '../model/editor-store';
import { getIn } from '../model/json-path';
import type { FieldProps } from './schema-field';
import { describedByOf, FieldFrame, useIssues } from './field-frame';
import styles from '../editor.module.css';

export function JsonField({ path, located, required, label }: FieldProps & { label: string }) {
  const value = useEditor((s) => getIn(s.doc, path));
  const edit = useEditor((s) => s.edit);
  const issues = useIssues(path);
  const [text, setText] = useState(() => JSON.stringify(value, null, 2) ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    // Undo, or a change on disk: show the new value unless it is what the text already says.
    setText((current) => {
      try {
        if (JSON.stringify(JSON.parse(current)) === JSON.stringify(value)) return current;
      } catch {
        // not JSON: replaced by the value below
      }
      return JSON.stringify(value, null, 2) ?? '';
    });
  }, [value]);
  const info = describedByOf(path, true, issues);
  return (
    <FieldFrame
      info={info}
      label={label}
      required={required}
      description={`${located.schema.description ?? ''} Edited as JSON.`.trim()}
      defaultValue={undefined}
      issues={problem ? [{ severity: 'error', rule: 'json', file: '', line: 0, column: 0, where: '', message: problem }, ...issues] : issues}
    >
      <textarea
        id={info.id}
        className={`${styles.input} ${styles.code}`}
        aria-describedby={info.describedBy}
        aria-invalid={info.invalid || problem !== null || undefined}
        rows={6}
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          try {
            edit(path, e.target.value.trim() === '' && !required ? undefined : JSON.parse(e.target.value));
            setProblem(null);
          } catch (error) {
            setProblem(`Not JSON yet (${(error as Error).message}); the page keeps the last valid value.`);
          }
        }}
      />
    </FieldFrame>
  );
}
