/** After a client-side navigation: start at the top (or at the #anchor) and move focus to the new content. */
import { useLayoutEffect, useRef } from 'react';

export function useNavigationReset(location: string): void {
  const isFirst = useRef(true);
  useLayoutEffect(() => {
    if (isFirst.current) {
      isFirst.current = false; // the browser placed the first page itself
      return;
    }
    const target = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
}
