/** After a client-side navigation: start at the top (or at the #anchor) and move focus to the new content. */
import { useLayoutEffect, useRef } from 'react';

export function useNavigationReset(location: string): void {
  // Compare with the last location rather than counting runs: effects may run twice (StrictMode) and the
  // first page is placed by the browser itself.
  const previous = useRef(location);
  useLayoutEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    const target = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
}
