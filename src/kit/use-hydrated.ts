/**
 * False on the server and during hydration, true on every render after it. For output only the browser can
 * produce (HTML sanitised with the DOM): rendering it during hydration would not match the server's HTML.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
