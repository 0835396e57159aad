/** The blocks that show blog answers: their pages are rendered on request and advertise the feed. Kept tiny: every page's head code reads it. */

/** Blocks whose first screen is the blog list, or an article (which also shows neighbours from the list). */
export const LIST_BLOCKS: ReadonlySet<string> = new Set(['blog-grid']);
export const ARTICLE_BLOCKS: ReadonlySet<string> = new Set(['blog-article']);

export function needsBlogData(blockTypes: readonly string[]): boolean {
  return blockTypes.some((type) => LIST_BLOCKS.has(type) || ARTICLE_BLOCKS.has(type));
}
