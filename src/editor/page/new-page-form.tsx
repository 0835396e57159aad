/**
 * "New page" on /__edit: the file name, path, title and description, checked as they are typed (their shape
 * here, then the content check on the very documents a save would write: lengths, a unique title and
 * description, a free path). Creating writes pages/<name>.json and the route in pages.json, then opens it.
 */
import { useEffect, useRef, useState } from 'react';
import { checkChanges, saveChanges } from './model/editor-client';
import { backend } from './model/editor-backend';
import { pageFileOf, SITE_FILE, type EditorIssue } from '../shared/editor-contract';
import type { DiskState } from './model/editor-store';
import { newPageDocument, newPageRoles, shapeProblems, withRoute, type NewPageInput } from './model/new-page';
import type { SiteValue } from './model/site-store';
import styles from './editor.module.css';

const FIELDS: Array<{ key: keyof NewPageInput; label: string; help: string; multiline?: boolean }> = [
  { key: 'name', label: 'File name', help: 'The document is written to pages/<file name>.json.' },
  { key: 'path', label: 'Path', help: 'Where the page is served, such as /partners.' },
  { key: 'title', label: 'Title', help: 'The browser tab and search result title, unique across the site (10 to 70 characters).' },
  { key: 'description', label: 'Description', help: 'The search result snippet, unique across the site (50 to 170 characters).', multiline: true },
];

/** The content check's issues for each field of the form. */
function byField(issues: EditorIssue[], file: string, routeIndex: number): Partial<Record<keyof NewPageInput, string[]>> {
  const out: Partial<Record<keyof NewPageInput, string[]>> = {};
  const add = (key: keyof NewPageInput, message: string) => (out[key] ??= []).push(message);
  for (const issue of issues) {
    if (issue.severity !== 'error') continue;
    const [first, second, third] = issue.path ?? [];
    if (issue.file === file && (first === 'title' || first === 'description')) add(first, issue.message);
    else if (issue.file === SITE_FILE && first === 'routes' && second === routeIndex && third === 'path') add('path', issue.message);
  }
  return out;
}

export function NewPageForm({ site, disk, pages }: { site: SiteValue; disk: DiskState; pages: string[] }) {
  const [input, setInput] = useState<NewPageInput>({ name: '', path: '/', title: '', description: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof NewPageInput, boolean>>>({});
  const [checked, setChecked] = useState<Partial<Record<keyof NewPageInput, string[]>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const asked = useRef(0);
  const file = pageFileOf(input.name);
  const shape = shapeProblems(input, site, pages);
  const changes = () => [
    { file, value: newPageDocument(input, site, newPageRoles()), base: null },
    { file: SITE_FILE, value: withRoute(site, input), base: disk.version },
  ];

  useEffect(() => {
    if (shape.name) return; // the content check needs a file name to check the document under
    const ticket = ++asked.current;
    const timer = setTimeout(() => {
      checkChanges(changes()).then(
        (issues) => ticket === asked.current && setChecked(byField(issues, file, site.routes?.length ?? 0)),
        (error: unknown) => setFailure((error as Error).message),
      );
    }, 250);
    return () => clearTimeout(timer);
    // Checked again whenever what would be saved changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input.name, input.path, input.title, input.description]);

  const messages = (key: keyof NewPageInput) => [...(key === 'name' || key === 'path' ? (shape[key] ? [shape[key]] : []) : []), ...(checked[key] ?? [])];
  const valid = FIELDS.every((f) => messages(f.key).length === 0) && input.title !== '' && input.description !== '';

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, path: true, title: true, description: true });
    if (!valid || creating) return;
    setCreating(true);
    try {
      const answer = await saveChanges(changes());
      if (answer.kind === 'saved') {
        window.location.assign(backend().editorUrl(input.path));
        return;
      }
      setFailure(answer.kind === 'conflict' ? `${answer.message} Reload this page to see the current pages.json.` : answer.message);
      if (answer.kind === 'invalid') setChecked(byField(answer.issues, file, site.routes?.length ?? 0));
    } catch (error) {
      setFailure((error as Error).message);
    }
    setCreating(false);
  };

  return (
    <form className={styles.newPage} onSubmit={(e) => void create(e)} aria-labelledby="new-page-heading" noValidate>
      <h2 id="new-page-heading" className={styles.noticeTitle}>
        New page
      </h2>
      {FIELDS.map(({ key, label, help, multiline }) => {
        const id = `new-page-${key}`;
        const shown = touched[key] ? messages(key) : [];
        const common = {
          id,
          className: styles.input,
          value: input[key],
          'aria-required': true,
          'aria-invalid': shown.length > 0 || undefined,
          'aria-describedby': `${id}-help${shown.length ? ` ${id}-issues` : ''}`,
          onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
            setInput({ ...input, [key]: e.target.value });
            setTouched({ ...touched, [key]: true });
          },
        };
        return (
          <div className={styles.field} key={key}>
            <label htmlFor={id} className={styles.label}>
              {label}
              <span aria-hidden="true"> *</span>
            </label>
            {multiline ? <textarea {...common} rows={3} /> : <input {...common} type="text" />}
            <p id={`${id}-help`} className={styles.help}>
              {help}
              {key === 'title' || key === 'description' ? ` ${input[key].length} characters.` : ''}
            </p>
            {shown.length > 0 && (
              <ul id={`${id}-issues`} className={styles.fieldIssues}>
                {shown.map((m) => (
                  <li key={m} className={styles.error}>
                    {m}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <button type="submit" className={styles.primaryButton} disabled={creating}>
        {creating ? 'Creating…' : 'Create page'}
      </button>
    </form>
  );
}
