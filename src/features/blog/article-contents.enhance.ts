/**
 * The article's table of contents in the browser, without React: the article component uses it when it is an
 * island, and blocks/blog-article/blog-article.enhance.ts when the server's HTML was final. The title entry
 * scrolls smoothly to the title, TITLE_OFFSET px below the sticky header (the other entries are plain anchors,
 * placed by the CSS's scroll margin); the entry of the part being read is marked `aria-current`.
 */
export const TITLE_ID = 'article-title';
/** Clicking the title entry leaves the title this far below the (sticky) header. */
export const TITLE_OFFSET = 20;
/** A heading counts as being read once its top has passed this share of the viewport's height. */
const READING_LINE = 0.3;

/** Where to scroll so the title ends TITLE_OFFSET px below the sticky site header. */
export function titleScrollTop(titleTop: number, scrollY: number, headerHeight: number): number {
  return Math.max(0, Math.round(titleTop + scrollY - headerHeight - TITLE_OFFSET));
}

/** The title entry's click: scroll, then move the focus to the title without a second jump. */
export function scrollToTitle(event: { preventDefault(): void }): void {
  const title = document.getElementById(TITLE_ID);
  if (!title) return;
  event.preventDefault();
  const header = document.querySelector<HTMLElement>('[data-block="site-header"]');
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: titleScrollTop(title.getBoundingClientRect().top, window.scrollY, header?.offsetHeight ?? 0), behavior: reduce ? 'instant' : 'smooth' });
  title.focus({ preventScroll: true });
}

/** The index of the entry being read: the last whose heading's top is above the reading line (the title's at the top). */
export function readingIndex(headingTops: ReadonlyArray<number | null>, viewportHeight: number): number {
  let reading = 0;
  headingTops.forEach((top, index) => {
    if (top !== null && top <= viewportHeight * READING_LINE) reading = index;
  });
  return reading;
}

/** Marks the entry being read with `aria-current` as the visitor scrolls; returns what stops it. */
export function followReading(contents: HTMLElement): () => void {
  const links = [...contents.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const headings = links.map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))));
  let frame = 0;
  const mark = () => {
    frame = 0;
    const reading = readingIndex(
      headings.map((heading) => heading?.getBoundingClientRect().top ?? null),
      window.innerHeight,
    );
    links.forEach((link, index) => (index === reading ? link.setAttribute('aria-current', 'location') : link.removeAttribute('aria-current')));
  };
  const onScroll = () => {
    frame ||= requestAnimationFrame(mark);
  };
  mark();
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    cancelAnimationFrame(frame);
  };
}
