/**
 * Runs `start` once, at whichever comes first: the page has loaded and been painted, or the visitor touches,
 * clicks or presses a key. The prerendered HTML is already the whole page, so the app's JavaScript waits
 * until the stylesheet and the hero image have had the network to themselves, but a visitor who wants to
 * interact never waits for the load event.
 */
const interactions = ['pointerdown', 'touchstart', 'keydown'] as const;

/** Calls back once the browser reports the first contentful paint (at once where it cannot report paints). */
function afterFirstPaint(win: Window, callback: () => void): void {
  const Observer = (win as Window & typeof globalThis).PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes('paint')) return callback();
  const observer = new Observer((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}

export function startAfterLoad(start: () => void, win: Window = window): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    for (const type of interactions) win.removeEventListener(type, run, { capture: true });
    start();
  };
  for (const type of interactions) win.addEventListener(type, run, { capture: true, passive: true });
  // Then two more frames: the second callback runs once the frame after load (often the page's largest
  // paint) has been drawn, so no script competes with it.
  const afterPaint = () => afterFirstPaint(win, () => win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(run, 0))));
  if (win.document.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
}
