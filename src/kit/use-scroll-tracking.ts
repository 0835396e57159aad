/** Keeps the chrome store's `scrolled` flag in step with the window: true as soon as the page is scrolled at all. */
import { useEffect } from 'react';
import { useChromeStore } from './chrome-store';
import { throttle } from './throttle';

export const scrollThrottleMs = 300;

export function useScrollTracking(): void {
  const setScrolled = useChromeStore((s) => s.setScrolled);
  useEffect(() => {
    const update = throttle(() => setScrolled(window.scrollY > 0), scrollThrottleMs);
    setScrolled(window.scrollY > 0);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      update.cancel();
    };
  }, [setScrolled]);
}
