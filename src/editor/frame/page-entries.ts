/**
 * The block entries a frame shows, as written in the documents: the site's header and footer, and the page's
 * blocks with each fragment reference replaced by the fragment's block, each with its index among the page's blocks.
 */
import type { FrameDocuments } from '../shared/frame-protocol';

export interface RawPageEntries {
  header?: unknown;
  footer?: unknown;
  blocks: Array<{ raw: unknown; index: number }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export function pageEntries({ page, site }: FrameDocuments): RawPageEntries {
  const fragments = isRecord(site.fragments) ? site.fragments : {};
  const layout = isRecord(site.layout) ? site.layout : {};
  const blocks = (Array.isArray(page.blocks) ? page.blocks : []).map((raw: unknown, index) => ({ raw: isRecord(raw) && typeof raw.fragment === 'string' ? fragments[raw.fragment] : raw, index }));
  return { header: layout.header, footer: layout.footer, blocks };
}

/** The block type of a raw entry, undefined for anything that is no entry. */
export const typeOf = (raw: unknown): string | undefined => (isRecord(raw) && typeof raw.type === 'string' ? raw.type : undefined);
