/**
 * Navigation is a plain page load; this makes it quick where the page's speculation rules do not (the
 * production build's, scripts/vite/inline-loader-plugin.ts): a site page is prefetched once focus reaches its
 * link (speculation rules follow the pointer, not the keyboard), and where the browser has no speculation rules
 * once the pointer does too. Each page is prefetched once.
 */
const FILE_OR_API = /^\/(?:api\/|_image)|\.[a-z0-9]+$/i;

export function prefetchLinksOnIntent(doc: Document = document): void {
  const prefetched = new Set<string>();
  const prefetch = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
    const { origin, pathname } = link;
    if (origin !== doc.location.origin || pathname === doc.location.pathname || FILE_OR_API.test(pathname) || prefetched.has(pathname)) return;
    prefetched.add(pathname);
    doc.head.append(Object.assign(doc.createElement('link'), { rel: 'prefetch', href: pathname }));
  };
  doc.addEventListener('focusin', prefetch);
  const hasSpeculationRules = typeof HTMLScriptElement.supports === 'function' && HTMLScriptElement.supports('speculationrules');
  if (!hasSpeculationRules) doc.addEventListener('pointerover', prefetch, { passive: true });
}
