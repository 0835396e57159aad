/**
 * The WAI-ARIA APG accordion without React, over the server HTML of the kit's disclosure items: a group
 * (`data-disclosure-group`, "single" when opening one closes the others) of items (`data-disclosure-item`, with
 * `data-open` while open), each a `button[aria-expanded][aria-controls]` and its panel. A closed panel is
 * `hidden="until-found"`, so the browser's find in page reveals its text; its `beforematch` opens the item.
 * The server HTML is the starting state (React cannot write "until-found", so the closed panels turn to it here:
 * both take no room, nothing moves).
 */
import { replayEarlyPress } from './early-press.enhance';

export const DISCLOSURE_ITEM = '[data-disclosure-item]';
const TRIGGER = 'button[aria-expanded][aria-controls]';

const attached = new WeakSet<HTMLElement>();

/** The trigger and panel of an item; the panel is looked up inside the item, which may be out of the page (filtered). */
function parts(item: Element): { trigger: HTMLButtonElement; panel: HTMLElement } | null {
  const trigger = item.querySelector<HTMLButtonElement>(TRIGGER);
  const panelId = trigger?.getAttribute('aria-controls');
  const panel = [...item.querySelectorAll<HTMLElement>('[id]')].find((element) => element.id === panelId);
  return trigger && panel ? { trigger, panel } : null;
}

function isOpen(item: Element): boolean {
  return parts(item)?.trigger.getAttribute('aria-expanded') === 'true';
}

function show(item: Element, open: boolean): void {
  const found = parts(item);
  if (!found) return;
  found.trigger.setAttribute('aria-expanded', String(open));
  item.toggleAttribute('data-open', open);
  if (open) found.panel.removeAttribute('hidden');
  else found.panel.setAttribute('hidden', 'until-found');
}

/**
 * Attaches one group. `items` lists every item of the group, shown or not (the FAQ takes filtered ones out of the
 * page), so that opening one in a "single" group closes an open one that is filtered out too.
 */
export function enhanceDisclosureGroup(group: HTMLElement, items: () => readonly Element[] = () => [...group.querySelectorAll(DISCLOSURE_ITEM)]): () => void {
  if (attached.has(group)) return () => {};
  attached.add(group);
  const listening = new AbortController();
  const single = group.dataset.disclosureGroup !== 'multiple';
  for (const item of items()) if (!isOpen(item)) show(item, false);

  const open = (item: Element) => {
    if (single) for (const other of items()) if (other !== item && isOpen(other)) show(other, false);
    show(item, true);
  };
  const toggle = (trigger: Element) => {
    const item = trigger.closest(DISCLOSURE_ITEM);
    if (!item) return;
    if (isOpen(item)) show(item, false);
    else open(item);
  };

  replayEarlyPress(group, TRIGGER, toggle, listening.signal);
  /** `act` on the element of this group matching `selector` that an event of `type` came from. */
  const delegate = (type: string, selector: string, act: (element: Element) => void) =>
    group.addEventListener(
      type,
      (event) => {
        const found = (event.target as Element).closest(selector);
        if (found && group.contains(found)) act(found);
      },
      { signal: listening.signal },
    );
  delegate('click', TRIGGER, toggle);
  // Find in page is about to reveal a closed panel: open its item as a click would (the others close).
  delegate('beforematch', DISCLOSURE_ITEM, open);
  return () => {
    listening.abort();
    attached.delete(group);
  };
}

/** Every disclosure group in a block's root; the accordion's enhance module is this. */
export function enhanceDisclosureGroups(root: HTMLElement): () => void {
  const undo = [...root.querySelectorAll<HTMLElement>('[data-disclosure-group]')].map((group) => enhanceDisclosureGroup(group));
  return () => undo.forEach((run) => run());
}
