/** The article's table of contents (its headings) and its previous/next posts. */
import { slugify } from '../../model/slugify';
import type { ArticleBlock, BlogSummary } from './blog-types';

export interface TocEntry {
  /** Anchor id for the heading, unique within the article. */
  id: string;
  text: string;
  level: 2 | 3 | 4;
  /** Position of the heading in `blocks`, so the renderer can give the heading this id. */
  index: number;
}

const HEADING_LEVELS: Record<string, 2 | 3 | 4> = { Heading2: 2, Heading3: 3, Heading4: 4, heading: 3 };

/** The heading level of a block, or undefined for body blocks. */
export function headingLevel(column: string): 2 | 3 | 4 | undefined {
  return HEADING_LEVELS[column];
}

/** Heading data is meant as text; tags and the common entities are removed so the TOC reads cleanly. */
export function headingText(data: string): string {
  return data
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function tableOfContents(blocks: readonly ArticleBlock[]): TocEntry[] {
  const used = new Set<string>();
  const entries: TocEntry[] = [];
  blocks.forEach((block, index) => {
    const level = headingLevel(block.column);
    if (!level) return;
    const text = headingText(block.data);
    if (!text) return;
    // Prefixed so an id never starts with a digit nor collides with block ids of the page.
    const base = `section-${slugify(text) || 'heading'}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    entries.push({ id, text, level, index });
  });
  return entries;
}

/** The posts before and after `slug` in the full list (newest first, as the API orders it). */
export function neighbours(posts: readonly BlogSummary[], slug: string): { previous?: BlogSummary; next?: BlogSummary } {
  const at = posts.findIndex((post) => post.slug === slug);
  if (at === -1) return {};
  const result: { previous?: BlogSummary; next?: BlogSummary } = {};
  const previous = posts[at - 1];
  const next = posts[at + 1];
  if (previous) result.previous = previous;
  if (next) result.next = next;
  return result;
}
