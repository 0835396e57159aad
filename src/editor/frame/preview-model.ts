/**
 * What the preview shows, computed from the editor's document: every block with its schema defaults filled
 * in (as the content check fills them when a page loads) and fragments replaced by their blocks. Each filled
 * entry is kept for the raw entry it came from, so a keystroke fills one block again, not the page, and the
 * preview re-renders only the block whose entry changed.
 */
import type { BlockEntry } from '../../model/block-entry';
import { fillDefaults } from '../shared/fill-defaults';
import type { Root, Selection } from '../page/model/editor-store';
import { propsSchema, schemaFiles } from '../shared/schemas';
import type { SiteValue } from '../page/model/site-store';

export interface PreviewBlock {
  entry: BlockEntry;
  /** The index of the entry in the document's blocks (a fragment's block carries its reference's index). */
  index: number;
}

export interface PreviewModel {
  path: string;
  header?: BlockEntry;
  footer?: BlockEntry;
  blocks: PreviewBlock[];
  selected: Selection | null;
  /** Set when the selection came from the outline, so the preview scrolls to it (not when the preview was clicked). */
  reveal: boolean;
}

const filled = new WeakMap<object, BlockEntry>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The entry with its schema's defaults filled in, filled when its props are first read: the preview reads them only
 * for the blocks it renders, a few of a long page at first, so opening does not fill hundreds of blocks.
 */
export function filledEntry(raw: unknown): BlockEntry | undefined {
  if (!isRecord(raw) || typeof raw.type !== 'string') return undefined;
  const cached = filled.get(raw);
  if (cached) return cached;
  const schema = propsSchema(raw.type);
  let props: unknown;
  const entry = (schema
    ? {
        ...raw,
        get props() {
          return (props ??= fillDefaults(schemaFiles, schema, raw.props ?? {}));
        },
      }
    : raw) as unknown as BlockEntry;
  filled.set(raw, entry);
  return entry;
}

export function previewModel(doc: Root, path: string, selected: Selection, reveal: boolean): PreviewModel {
  const site = doc.site as SiteValue;
  const blocks: PreviewBlock[] = [];
  (Array.isArray(doc.page.blocks) ? doc.page.blocks : []).forEach((raw, index) => {
    const source = isRecord(raw) && typeof raw.fragment === 'string' ? site.fragments?.[raw.fragment] : raw;
    const entry = filledEntry(source);
    if (entry) blocks.push({ entry, index });
  });
  const header = filledEntry(site.layout?.header);
  const footer = filledEntry(site.layout?.footer);
  return { path, ...(header ? { header } : {}), ...(footer ? { footer } : {}), blocks, selected: selected === 'page' ? null : selected, reveal };
}

/** One block alone, for the catalogue's preview of an example. */
export function singleBlockModel(entry: BlockEntry): PreviewModel {
  return { path: '/', blocks: [{ entry, index: 0 }], selected: null, reveal: false };
}
