/**
 * The form of the outline's selection: the page's path, title and description; one block's id and props with
 * its Move / Duplicate / Remove actions; a shared section (a fragment of pages.json, with the pages it reaches); or the
 * site's header or footer (pages.json's layout).
 */
import { blocksOf, useEditor, type Root } from './model/editor-store';
import { nextShownForm, type ShownForm } from './model/form-identity';
import { pageNameOfFile } from '../shared/editor-contract';
import type { JsonPath } from './model/json-path';
import { resolve } from '../shared/schema-model';
import { entrySchema, pageSchema, propsSchema, schemaFiles } from '../shared/schemas';
import { fieldId, IssueList, useIssues } from './fields/field-frame';
import { IssueSummary } from './problem-list';
import { entryWords } from './block-words';
import { ObjectProperties } from './fields/object-field';
import { SchemaField } from './fields/schema-field';
import { JsonField } from './fields/json-field';
import { blockKey, blockName } from '../shared/block-identity';
import { duplicateBlock, moveBlock, removeBlock } from './model/block-actions';
import { useDeferredValue, useRef, useState } from 'react';
import { publishedPath, removeRoute, renamePath, routeIndex } from './model/route-actions';
import { useSite, type SiteValue } from './model/site-store';
import styles from './editor.module.css';

/** The route's path, edited in the open pages.json; a published path gets its redirect in the same save. */
function PathField() {
  const file = useEditor((s) => s.file);
  const page = pageNameOfFile(file)!;
  const site = useEditor((s) => s.doc.site) as SiteValue;
  const diskSite = useEditor((s) => s.disk.site.value) as SiteValue;
  const index = routeIndex(site, page);
  const path: JsonPath = ['site', 'routes', index, 'path'];
  const issues = useIssues(path);
  if (index === -1) return null;
  const value = site.routes![index]!.path;
  const published = publishedPath(site, diskSite, page);
  const id = fieldId(path);
  const help = value.includes(':')
    ? 'This address has a part that changes (such as /blogs/:slug), so it cannot be changed here; a developer changes it in pages.json.'
    : published && published !== value
      ? `Saving adds a redirect from ${published} to ${value}, so links to the old path keep working.`
      : 'Where the page is served, such as /partners. Changing it adds a redirect from the old path.';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Path<span aria-hidden="true"> *</span>
      </label>
      <input
        id={id}
        className={styles.input}
        type="text"
        value={value}
        readOnly={value.includes(':')}
        aria-required
        aria-invalid={issues.some((i) => i.severity === 'error') || undefined}
        aria-describedby={`${id}-help${issues.length ? ` ${id}-issues` : ''}`}
        onChange={(e) => renamePath(page, e.target.value)}
      />
      <p id={`${id}-help`} className={styles.help}>
        {help}
      </p>
      <IssueList id={id} issues={issues} />
    </div>
  );
}

/** "Remove this page's route": asks where its path should redirect, so a published address keeps working. */
function RemoveRoute() {
  const file = useEditor((s) => s.file);
  const page = pageNameOfFile(file)!;
  const site = useEditor((s) => s.doc.site) as SiteValue;
  const [asking, setAsking] = useState(false);
  const others = (site.routes ?? []).filter((r) => r.page !== page && !r.path.includes(':'));
  const [target, setTarget] = useState(others[0]?.path ?? '/');
  if (routeIndex(site, page) === -1) {
    return <p className={styles.shared}>No address shows this page any more: Undo gives it its path back. Once saved, a developer can delete its file ({file}).</p>;
  }
  if (!asking) {
    return (
      <button type="button" className={styles.dangerButton} onClick={() => setAsking(true)}>
        Remove this page&apos;s route
      </button>
    );
  }
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Remove this page&apos;s route</legend>
      <label htmlFor="remove-route-target" className={styles.label}>
        Where should its path redirect?
      </label>
      <select id="remove-route-target" className={styles.input} value={target} onChange={(e) => setTarget(e.target.value)}>
        {others.map((r) => (
          <option key={r.path} value={r.path}>
            {r.path}
          </option>
        ))}
      </select>
      <p className={styles.help}>Visitors, bookmarks and search results that use the old path are sent there. The page document stays until you delete it.</p>
      <div className={styles.noticeActions}>
        <button type="button" className={styles.dangerButton} onClick={() => removeRoute(page, target)}>
          Remove the route and redirect
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

function PageSettings() {
  return (
    <section className={styles.form} aria-labelledby="form-title">
      <h2 id="form-title" className={styles.paneTitle} tabIndex={-1}>
        Page settings
      </h2>
      <IssueSummary
        prefixes={[
          ['page', 'title'],
          ['page', 'description'],
          ['site', 'routes'],
          ['site', 'redirects'],
        ]}
        label="the page"
      />
      <PathField />
      <ObjectProperties path={['page']} located={pageSchema} skip={['$schema', 'blocks']} />
      <RemoveRoute />
    </section>
  );
}

function BlockActions({ index, count, canDuplicate }: { index: number; count: number; canDuplicate: boolean }) {
  return (
    <div className={styles.blockActions} role="group" aria-label="Block actions">
      <button type="button" className={styles.secondaryButton} disabled={index === 0} onClick={() => moveBlock(index, index - 1)} aria-keyshortcuts="Alt+ArrowUp">
        Move up
      </button>
      <button type="button" className={styles.secondaryButton} disabled={index === count - 1} onClick={() => moveBlock(index, index + 1)} aria-keyshortcuts="Alt+ArrowDown">
        Move down
      </button>
      <button type="button" className={styles.secondaryButton} disabled={!canDuplicate} onClick={() => duplicateBlock(index)}>
        Duplicate
      </button>
      <button type="button" className={styles.dangerButton} onClick={() => removeBlock(index)}>
        Remove
      </button>
    </div>
  );
}

/** A block entry's fields: its id and its props, from its schema; an unknown type as JSON. */
function EntryFields({ path, type, description }: { path: JsonPath; type: string; description?: string }) {
  const entryLocated = entrySchema(type);
  const props = propsSchema(type);
  const idSchema = entryLocated?.schema.properties?.id;
  if (!entryLocated || !props || !idSchema) {
    return <JsonField path={path} located={{ schema: { description: `There is no block type "${type}"; edit the entry as JSON or fix its type.` }, file: '' }} name="entry" required label="Block entry" />;
  }
  return (
    <>
      <p className={styles.help}>{description ?? props.schema.description}</p>
      <SchemaField path={[...path, 'id']} located={resolve(schemaFiles, { schema: idSchema, file: entryLocated.file })} name="id" required={false} label="Anchor" />
      <ObjectProperties path={[...path, 'props']} located={props} />
    </>
  );
}

function FragmentSettings({ name }: { name: string }) {
  const entry = useEditor((s) => (s.doc.site.fragments as Record<string, unknown> | undefined)?.[name]);
  const users = useSite((s) => s.fragmentUse[name]) ?? [];
  const path: JsonPath = ['site', 'fragments', name];
  const { type } = blockName(entry);
  return (
    <>
      <p className={styles.shared} role="note">
        A shared section: “{name}” is kept once for the whole site and shown on {users.length} page{users.length === 1 ? '' : 's'}
        {users.length > 0 ? ` (${users.slice(0, 4).join(', ')}${users.length > 4 ? ` and ${users.length - 4} more` : ''})` : ''}. What you change here changes all of them when you save.
      </p>
      <IssueSummary prefixes={[path]} label="the shared section" />
      {entry === undefined ? <p className={styles.help}>There is no shared section “{name}” any more: remove this block, or add another one with Add block.</p> : <EntryFields path={path} type={type} />}
    </>
  );
}

/** `fieldsNow`: false for the moment a newly selected block's form is waiting for its fields (see BlockForm). */
function BlockSettings({ index, fieldsNow }: { index: number; fieldsNow: boolean }) {
  const entry = useEditor((s) => (s.doc.page.blocks as unknown[] | undefined)?.[index]);
  const count = useEditor((s) => (s.doc.page.blocks as unknown[] | undefined)?.length ?? 0);
  const fragments = useEditor((s) => s.doc.site.fragments) as Record<string, unknown> | undefined;
  const { type, id } = blockName(entry);
  const words = entryWords(entry, fragments);
  const path: JsonPath = ['page', 'blocks', index];
  const isFragment = type === 'fragment';
  return (
    <section className={styles.form} aria-labelledby="form-title">
      <h2 id="form-title" className={styles.paneTitle} tabIndex={-1}>
        {words.title}
        {words.detail && <span className={styles.outlineId}> {words.detail}</span>}
      </h2>
      {words.summary && <p className={styles.help}>{words.summary}</p>}
      <BlockActions index={index} count={count} canDuplicate={!isFragment} />
      <IssueSummary prefixes={[path]} label="this block" />
      {!fieldsNow ? null : isFragment ? <FragmentSettings name={id} /> : <EntryFields path={path} type={type} />}
    </section>
  );
}

function LayoutSettings({ slot }: { slot: 'header' | 'footer' }) {
  const entry = useEditor((s) => (s.doc.site.layout as Record<string, unknown> | undefined)?.[slot]);
  const path: JsonPath = ['site', 'layout', slot];
  const { type } = blockName(entry);
  const issues = useIssues(path);
  return (
    <section className={styles.form} aria-labelledby="form-title">
      <h2 id="form-title" className={styles.paneTitle} tabIndex={-1}>
        Site {slot}
      </h2>
      <p className={styles.shared} role="note">
        Part of the site&apos;s layout: every page shows it. What you change here changes all pages when you save.
      </p>
      <IssueSummary prefixes={[path]} label={`the ${slot}`} />
      <IssueList id={fieldId(path)} issues={issues} />
      <EntryFields path={path} type={type} />
    </section>
  );
}

const blockKeyOf = (doc: Root, index: number) => blockKey(blockName(blocksOf(doc)[index]), index);

export function BlockForm() {
  const selected = useEditor((s) => s.selected);
  const blockKey = useEditor((s) => (typeof s.selected === 'number' ? blockKeyOf(s.doc, s.selected) : ''));
  // Recomputed only when the selected block's key changes (a move, another block, or an edit of its id).
  const shown = useRef<ShownForm | undefined>(undefined);
  if (typeof selected === 'number' && (shown.current?.key !== blockKey || shown.current.index !== selected)) shown.current = nextShownForm(shown.current, selected, blocksOf(useEditor.getState().doc));
  const formKey = typeof selected === 'number' ? shown.current!.formKey : '';
  // A newly selected block's fields (a long form: dozens of fields, hundreds of elements) are built in a render of
  // their own, after the outline and the preview have painted the insert or the selection, not before them.
  const fieldsKey = useDeferredValue(formKey);
  if (selected === 'page') return <PageSettings />;
  if (selected === 'header' || selected === 'footer') return <LayoutSettings slot={selected} key={selected} />;
  return <BlockSettings index={selected} key={formKey} fieldsNow={fieldsKey === formKey} />;
}
