/**
 * Runs a block's enhance script (`blocks/<type>/<type>.enhance.ts`) on its root while the component is mounted:
 * how a block with behaviour but no React state works in the dev server, the block gallery, the editor's preview
 * and a fully hydrated page. Attach the returned ref to the component's outermost element.
 */
import { useEffect, useRef } from 'react';

export function useEnhance<T extends HTMLElement>(enhance: (root: HTMLElement) => () => void) {
  const element = useRef<T>(null);
  useEffect(() => {
    const own = element.current;
    if (!own) return;
    // The root is the renderer's `data-block` element; a component rendered on its own (a unit test) is its own root.
    return enhance(own.closest<HTMLElement>('[data-block]') ?? own);
  }, [enhance]);
  return element;
}
