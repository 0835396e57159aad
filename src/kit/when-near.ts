/**
 * Calls back once an element comes within a margin of its document's viewport. Every element waiting with the
 * same margin in the same document shares one IntersectionObserver: with hundreds of lazy pictures (the editor's
 * preview of a long page), one observer each made Chromium's intersection work a large part of every frame.
 */
type Waiting = Map<Element, (entry: IntersectionObserverEntry) => void>;

const shared = new WeakMap<Document, Map<string, { observer: IntersectionObserver; waiting: Waiting }>>();

function observerFor(document: Document, margin: string): { observer: IntersectionObserver; waiting: Waiting } {
  const byMargin = shared.get(document) ?? shared.set(document, new Map()).get(document)!;
  const existing = byMargin.get(margin);
  if (existing) return existing;
  const waiting: Waiting = new Map();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const onNear = waiting.get(entry.target);
        observer.unobserve(entry.target);
        waiting.delete(entry.target);
        onNear?.(entry);
      }
    },
    // The document itself as the root: inside a frame, its own viewport, not the top page's.
    { root: document, rootMargin: margin },
  );
  const created = { observer, waiting };
  byMargin.set(margin, created);
  return created;
}

/**
 * Runs `onNear` once `element` is within `margin` (CSS margin syntax) of the viewport, with the observation that said
 * so (undefined where the browser has no IntersectionObserver); returns the function that stops waiting.
 */
export function whenNear(element: Element, margin: string, onNear: (entry?: IntersectionObserverEntry) => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  const { observer, waiting } = observerFor(element.ownerDocument, margin);
  waiting.set(element, onNear);
  observer.observe(element);
  return () => {
    if (waiting.delete(element)) observer.unobserve(element);
  };
}
