/**
 * The FAQ filter, kept pure so it can be tested without rendering. The component and faq.enhance.ts (the block
 * without React) both use it, so it imports nothing: an item is its words, read from props or from the page.
 */
export interface SearchableItem {
  title: string;
  content: string;
  listItems?: readonly string[] | undefined;
}

/** The words of a query, lower-cased; blank input gives no words (everything matches). */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Indices of the items whose question, answer or bullets contain every word typed, ignoring case.
 * Every word (not the whole phrase) must appear, so "secure data" still finds "data security".
 */
export function matchingIndices(items: readonly SearchableItem[], query: string): number[] {
  const words = queryWords(query);
  const result: number[] = [];
  items.forEach((item, index) => {
    const haystack = [item.title, item.content, ...(item.listItems ?? [])].join('\n').toLowerCase();
    if (words.every((word) => haystack.includes(word))) result.push(index);
  });
  return result;
}

/** What the live region announces: nothing before a search, then the number of matches. */
export function resultsMessage(matches: number, total: number, query: string, noResultsText: string): string {
  if (queryWords(query).length === 0) return '';
  if (matches === 0) return noResultsText;
  if (matches === total) return `All ${total} questions match your search.`;
  return `${matches} of ${total} questions match your search.`;
}
