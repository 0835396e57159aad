/**
 * Lazy pictures in blocks that never hydrate (docs/architecture.md, "Hydration: islands"). LazyImage renders a
 * placeholder holding the picture in <noscript>; in an island React swaps the picture in as it comes near, but a
 * static block's HTML is never rendered again, so its placeholder would shimmer for good and the picture never
 * show. The island runtime hands those placeholders to the browser instead: the <noscript> copy, loading lazily.
 * No React and no imports: the runtime ships on every page.
 */

/** On a placeholder: the class that makes it one, which the picture that replaces it must not carry. */
export const LAZY_IMAGE_ATTRIBUTE = 'data-lazy-image';

export function showStaticLazyImages(root: HTMLElement): void {
  for (const holder of root.querySelectorAll<HTMLElement>(`[${LAZY_IMAGE_ATTRIBUTE}]`)) {
    // With scripting on, the browser keeps a <noscript>'s content as text: our server's own markup of the <img>.
    const markup = holder.querySelector('noscript')?.textContent ?? '';
    const image = new DOMParser().parseFromString(markup, 'text/html').querySelector('img');
    if (!image) {
      console.error(`A lazy picture's placeholder in the block "${root.dataset.block}" holds no <noscript> picture, so it stays a placeholder. Render pictures through src/kit/picture.tsx.`);
      continue;
    }
    const placeholderClass = holder.getAttribute(LAZY_IMAGE_ATTRIBUTE);
    image.className = [...holder.classList].filter((name) => name !== placeholderClass).join(' ');
    image.setAttribute('loading', 'lazy');
    image.setAttribute('decoding', 'async');
    holder.replaceWith(holder.ownerDocument.adoptNode(image));
  }
}
