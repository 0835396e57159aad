/**
 * The FAQ without React (its schema's "x-hydrate" is "none"): its questions are the kit's disclosure group (one
 * open at a time, the first open in the server HTML), and the search box filters them as the component does, with
 * the same words in the live region (faq-search.enhance.ts). A filtered-out question leaves the page and comes
 * back in its place with the state it had. Text typed before this ran is filtered at once.
 */
import { DISCLOSURE_ITEM, enhanceDisclosureGroup } from '../../src/kit/disclosure-group.enhance';
import { matchingIndices, resultsMessage, type SearchableItem } from './faq-search.enhance';

const attached = new WeakSet<HTMLElement>();

/** An item's words as the search reads them from props: the question, the answer and its bullets. */
function searchable(item: Element): SearchableItem {
  const text = (element: Element | null) => element?.textContent ?? '';
  return { title: text(item.querySelector('button')), content: text(item.querySelector('[role="region"] p')), listItems: [...item.querySelectorAll('[role="region"] li')].map(text) };
}

export default function enhance(root: HTMLElement): () => void {
  const list = root.querySelector<HTMLElement>('[data-disclosure-group]');
  const input = root.querySelector<HTMLInputElement>('input[type="search"]');
  const status = root.querySelector<HTMLElement>('[role="status"]');
  if (!list || attached.has(root)) return () => {};
  attached.add(root);
  const items = [...list.querySelectorAll(DISCLOSURE_ITEM)];
  const words = items.map(searchable);
  const undoGroup = enhanceDisclosureGroup(list, () => items);
  const listening = new AbortController();

  const filter = () => {
    const query = input?.value ?? '';
    const matches = matchingIndices(words, query);
    list.replaceChildren(...matches.map((index) => items[index]!));
    list.hidden = matches.length === 0;
    if (!status) return;
    status.textContent = resultsMessage(matches.length, items.length, query, status.dataset.noResultsText ?? '');
    status.toggleAttribute('data-no-results', matches.length === 0);
  };
  input?.addEventListener('input', filter, { signal: listening.signal });
  if (input?.value) filter();
  return () => {
    listening.abort();
    undoGroup();
    list.replaceChildren(...items);
    list.hidden = false;
    attached.delete(root);
  };
}
