/**
 * Runs `work` when the browser has a moment (within a second at most): the content check and the draft both
 * serialise the whole document, which on a long page would otherwise delay the next keystroke's frame.
 */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 1000 });
  else work();
}
