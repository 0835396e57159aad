/**
 * A press that came before a block's behaviour attached. The runtime starts after the page's load, so a visitor
 * can press a topic or a tab while its enhance module is still on the way, and that click found no listener.
 * Chromium and Firefox leave focus on a button a pointer pressed, and only focus the keyboard gave matches
 * `:focus-visible`: a focused trigger of the block that the keyboard did not reach was pressed, and the block acts
 * on it once, as if the click had come later. (Safari does not focus a pressed button: there the press is lost.)
 */
export function replayEarlyPress(root: HTMLElement, trigger: string, act: (button: HTMLButtonElement) => void, signal: AbortSignal): void {
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
