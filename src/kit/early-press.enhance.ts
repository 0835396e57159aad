/** Where the loader keeps the last button clicked, on the window. */
const LAST_PRESS = '__lastPress';

/**
 * A press that came before a block's behaviour attached. The runtime starts after the page's load, so a visitor
 * can press a topic or a tab while its enhance module is still on the way, and that click found no listener.
 * The inline loader notes the last button clicked (notePresses): a noted trigger of the block was pressed, and the
 * block acts on it once, as if the click had come later. A press still under way (the button held down as the
 * module ran) has no click yet: Chromium and Firefox leave focus on a button a pointer pressed, and only focus the
 * keyboard gave matches `:focus-visible`, so a focused trigger the keyboard did not reach is that press (Safari
 * does not focus a pressed button: there its click simply comes after the module ran, and acts then).
 */
export function replayEarlyPress(root: HTMLElement, trigger: string, act: (button: HTMLButtonElement) => void, signal: AbortSignal): void {
  const view = root.ownerDocument.defaultView as unknown as Record<string, HTMLButtonElement | null | undefined> | null;
  const noted = view?.[LAST_PRESS];
  if (noted && root.contains(noted) && noted.matches(trigger)) {
    view[LAST_PRESS] = null;
    act(noted);
    return;
  }
  const focused = root.ownerDocument.activeElement;
  if (!(focused instanceof HTMLButtonElement) || !root.contains(focused) || !focused.matches(trigger) || focusedByKeyboard(focused)) return;
  act(focused);
  // The press may still be under way (the button held down as the module ran): its click, with no new press or key
  // since, is the one just acted on and must not act again.
  let pressed: Element | null = focused;
  const forget = () => (pressed = null);
  root.addEventListener('pointerdown', forget, { capture: true, signal });
  root.addEventListener('keydown', forget, { capture: true, signal });
  root.addEventListener(
    'click',
    (event) => {
      if (pressed && (event.target as Element).closest(trigger) === pressed) event.stopImmediatePropagation();
      pressed = null;
    },
    { capture: true, signal },
  );
}

function focusedByKeyboard(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a DOM without the selector (jsdom in old versions): never guess a press
  }
}

/** From the inline loader: notes the last button clicked on the page, for a block whose behaviour is not there yet. */
export function notePresses(doc: Document): void {
  doc.addEventListener(
    'click',
    (event) => {
      const view = doc.defaultView as unknown as Record<string, Element | null>;
      view[LAST_PRESS] = event.target instanceof Element ? event.target.closest('button') : null;
    },
    { capture: true },
  );
}
