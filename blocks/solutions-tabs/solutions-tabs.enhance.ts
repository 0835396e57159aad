/**
 * Solutions tabs without React (its schema's "x-hydrate" is "none"). Both layouts are in the server HTML and CSS
 * shows one: the accordion on phones is the kit's disclosure group (all closed, one open at a time), and the
 * vertical tabs on wide screens follow the WAI-ARIA APG tabs pattern with automatic activation: ArrowDown/ArrowUp
 * (wrapping), Home and End move focus and select, one tab in the tab order (roving tabindex). A hidden tab panel
 * is `hidden="until-found"`, so find in page reaches its text and selects its tab.
 */
import { enhanceDisclosureGroups } from '../../src/kit/disclosure-group.enhance';
import { replayEarlyPress } from '../../src/kit/early-press.enhance';

const attached = new WeakSet<HTMLElement>();

function enhanceTabs(tablist: HTMLElement, signal: AbortSignal): void {
  const tabs = [...tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const panelOf = (tab: Element) => tablist.ownerDocument.getElementById(tab.getAttribute('aria-controls') ?? '');
  const select = (chosen: Element, focus: boolean) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = panelOf(tab);
      if (!panel) continue;
      // A hidden panel keeps an empty box (until-found), so it leaves the tab order by itself: no tabindex.
      if (selected) {
        panel.removeAttribute('hidden');
        panel.tabIndex = 0;
      } else {
        panel.setAttribute('hidden', 'until-found');
        panel.removeAttribute('tabindex');
      }
    }
    if (focus) (chosen as HTMLElement).focus();
  };
  const current = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0];
  if (current) select(current, false);

  replayEarlyPress(tablist, '[role="tab"]', (tab) => select(tab, false), signal);
  tablist.addEventListener(
    'click',
    (event) => {
      const tab = (event.target as Element).closest('[role="tab"]');
      if (tab && tabs.includes(tab as HTMLButtonElement)) select(tab, true);
    },
    { signal },
  );
  tablist.addEventListener(
    'keydown',
    (event) => {
      const at = tabs.indexOf(event.target as HTMLButtonElement);
      const last = tabs.length - 1;
      const next: Record<string, number> = { ArrowDown: at === last ? 0 : at + 1, ArrowUp: at === 0 ? last : at - 1, Home: 0, End: last };
      const target = at < 0 ? undefined : tabs[next[event.key] ?? -1];
      if (!target) return;
      event.preventDefault();
      select(target, true);
    },
    { signal },
  );
  // The panels sit beside the tab list, not inside it: find in page reaching one selects its tab.
  for (const tab of tabs) panelOf(tab)?.addEventListener('beforematch', () => select(tab, false), { signal });
}

export default function enhance(root: HTMLElement): () => void {
  if (attached.has(root)) return () => {};
  attached.add(root);
  const listening = new AbortController();
  for (const tablist of root.querySelectorAll<HTMLElement>('[role="tablist"]')) enhanceTabs(tablist, listening.signal);
  const undoAccordion = enhanceDisclosureGroups(root);
  return () => {
    listening.abort();
    undoAccordion();
    attached.delete(root);
  };
}
