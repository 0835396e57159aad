/**
 * What every field shares: its label (from the schema's title, else the property name in words), the
 * schema's description as help, the default when there is one, and the content check's messages for its
 * path, tied to the control with aria-describedby so a screen reader reads them with it.
 */
import type { ReactNode } from 'react';
import type { EditorIssue } from '../../shared/editor-contract';
import { useEditor } from '../model/editor-store';
import { pathKey, type JsonPath } from '../model/json-path';
import { editorMessage } from '../model/editor-advice';
import styles from '../editor.module.css';

const NO_ISSUES: EditorIssue[] = [];

/** The DOM id of the control that edits `path`: the problem list focuses it. */
export const fieldId = (path: JsonPath) => `field-${pathKey(path).replace(/[^A-Za-z0-9_-]/g, '_')}`;

export function useIssues(path: JsonPath): EditorIssue[] {
  return useEditor((s) => s.issuesByPath.get(pathKey(path))) ?? NO_ISSUES;
}

export interface FrameInfo {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

export function describedByOf(path: JsonPath, hasHelp: boolean, issues: EditorIssue[]): FrameInfo {
  const id = fieldId(path);
  const ids = [hasHelp ? `${id}-help` : '', issues.length > 0 ? `${id}-issues` : ''].filter(Boolean);
  return { id, describedBy: ids.length ? ids.join(' ') : undefined, invalid: issues.some((i) => i.severity === 'error') };
}

function defaultText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? `“${value}”` : JSON.stringify(value);
}

export function IssueList({ id, issues }: { id: string; issues: EditorIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul id={`${id}-issues`} className={styles.fieldIssues}>
      {issues.map((issue, i) => (
        <li key={i} className={issue.severity === 'error' ? styles.error : styles.warning}>
          <span className="visually-hidden">{issue.severity === 'error' ? 'Error: ' : 'Warning: '}</span>
          {editorMessage(issue)}
        </li>
      ))}
    </ul>
  );
}

export function Help({ id, description, defaultValue }: { id: string; description: string | undefined; defaultValue: unknown }) {
  const fallback = defaultText(defaultValue);
  if (!description && fallback === undefined) return null;
  return (
    <p id={`${id}-help`} className={styles.help}>
      {description}
      {fallback !== undefined && <span className={styles.default}> Default: {fallback}.</span>}
    </p>
  );
}

/** Label above the control, help and messages below it. */
export function FieldFrame({
  info,
  label,
  required,
  description,
  defaultValue,
  issues,
  children,
}: {
  info: FrameInfo;
  label: string;
  required: boolean;
  description: string | undefined;
  defaultValue: unknown;
  issues: EditorIssue[];
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={info.id} className={styles.label}>
        {label}
        {/* The control carries aria-required; the star is for the eye. */}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      <Help id={info.id} description={description} defaultValue={defaultValue} />
      <IssueList id={info.id} issues={issues} />
    </div>
  );
}
