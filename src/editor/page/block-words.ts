/**
 * A block as the outline and its form name it: its title ("Questions and answers"), its one-line summary, and
 * what tells it apart on the page ("Anchor #faq"; a shared section by its name), never its type or "fragment".
 */
import { blockName } from '../shared/block-identity';
import { blockSummary, blockTitle } from '../shared/plain-place';
import { schemaFiles } from '../shared/schemas';

export interface BlockWords {
  title: string;
  summary: string | undefined;
  /** "Anchor #faq", "Shared section “testimonials”", or empty. */
  detail: string;
}

export function blockWords(type: string, id: string, fragmentType?: string): BlockWords {
  if (type === 'fragment') {
    const shared = fragmentType ? blockTitle(schemaFiles, fragmentType) : 'Shared section';
    return { title: shared, summary: fragmentType ? blockSummary(schemaFiles, fragmentType) : undefined, detail: `Shared section “${id}”` };
  }
  const known = Boolean(schemaFiles[`blocks/${type}.schema.json`]);
  return { title: known ? blockTitle(schemaFiles, type) : `Unknown block “${type}”`, summary: known ? blockSummary(schemaFiles, type) : undefined, detail: id ? `Anchor #${id}` : '' };
}

/** The words of a page's entry, a fragment reference's type looked up in the site's fragments. */
export function entryWords(entry: unknown, fragments: Record<string, unknown> | undefined): BlockWords {
  const { type, id } = blockName(entry);
  return blockWords(type, id, type === 'fragment' ? blockName(fragments?.[id]).type : undefined);
}
