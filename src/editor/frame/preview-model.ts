/**
 * What the preview shows, computed from the view the editor page sent: every block with its schema defaults
 * filled in (as the content check fills them when a page loads) and fragments replaced by their blocks. Each
 * filled entry is kept for the raw entry it came from, which keeps its identity from one view to the next
 * (shared/doc-patch.ts), so a keystroke fills one block again, not the page, and the preview re-renders only the
 * block whose entry changed.
 */
import type { BlockEntry } from '../../model/block-entry';
import { fillDefaults } from '../shared/fill-defaults';
import { propsSchema, schemaFiles } from '../shared/schemas';
import type { FramePlace } from '../shared/frame-protocol';
import type { ShownView } from './frame-channel';
import { pageEntries, typeOf } from './page-entries';

/** A block as the preview places it. */
export interface PlacedEntry {
  entry: BlockEntry;
  /** The index of the entry in the document's blocks (a fragment's block carries its reference's index). */
  index: number;
}

export interface PreviewModel {
  path: string;
  header?: BlockEntry;
  footer?: BlockEntry;
  blocks: PlacedEntry[];
  selected: FramePlace | null;
  /** Set when the selection came from the outline, so the preview scrolls to it (not when the preview was clicked). */
  reveal: boolean;
}

const filled = new WeakMap<object, BlockEntry>();

/**
 * The entry with its schema's defaults filled in, filled when its props are first read: the preview reads them only
 * for the blocks it renders, a few of a long page at first, so opening does not fill hundreds of blocks.
 */
function filledEntry(raw: unknown): BlockEntry | undefined {
  const type = typeOf(raw);
  if (type === undefined) return undefined;
  const record = raw as Record<string, unknown>;
  const cached = filled.get(record);
  if (cached) return cached;
  const schema = propsSchema(type);
  let props: unknown;
  const entry = (schema
    ? {
        ...record,
        get props() {
          return (props ??= fillDefaults(schemaFiles, schema, record.props ?? {}));
        },
      }
    : record) as unknown as BlockEntry;
  filled.set(record, entry);
  return entry;
}

export function previewModel({ documents, path, selected, reveal }: ShownView): PreviewModel {
  const entries = pageEntries(documents);
  const blocks = entries.blocks.flatMap(({ raw, index }) => {
    const entry = filledEntry(raw);
    return entry ? [{ entry, index }] : [];
  });
  const header = filledEntry(entries.header);
  const footer = filledEntry(entries.footer);
  return { path, ...(header ? { header } : {}), ...(footer ? { footer } : {}), blocks, selected, reveal };
}
