/**
 * Links warm up the page they point at when the pointer or focus reaches them, so the click finds its
 * content and blocks already downloaded. The app registers how; blocks only call prefetchPath.
 */
let prefetcher: ((path: string) => void) | null = null;

export function setLinkPrefetcher(fn: (path: string) => void): void {
  prefetcher = fn;
}

export function prefetchPath(path: string): void {
  prefetcher?.(path);
}
