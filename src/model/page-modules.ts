/**
 * How a prerendered page names the JavaScript it needs (docs/architecture.md, "Hydration"): <meta name="app-modules">
 * lists what the inline loader preloads at start (the entry first, which it imports), and one
 * <meta name="island-modules" data-island-block="<type>"> per island block type lists what that island's turn preloads.
 * Written by scripts/prerender.ts; read by src/loader.ts, the island runtime and the bench.
 */
export const APP_MODULES_META = 'app-modules';
export const ISLAND_MODULES_META = 'island-modules';

const listOf = (meta: HTMLMetaElement | null) => meta?.content.split(' ').filter(Boolean) ?? [];

/** The modules the page starts with, the entry first. */
export function appModules(doc: Document): string[] {
  return listOf(doc.querySelector<HTMLMetaElement>(`meta[name="${APP_MODULES_META}"]`));
}

/** The modules an island of this block type needs beyond those the page started with. */
export function islandModules(doc: Document, type: string): string[] {
  return listOf(doc.querySelector<HTMLMetaElement>(`meta[name="${ISLAND_MODULES_META}"][data-island-block="${type}"]`));
}

/** Adds a modulepreload link for each module not asked for yet: the browser fetches them all at once, in one round trip. */
export function preloadModules(doc: Document, hrefs: readonly string[]): void {
  const asked = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')));
  for (const href of hrefs) {
    if (asked.has(href)) continue;
    asked.add(href);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}

/** The head tags that carry the lists (scripts/prerender.ts), module paths as the server serves them ("/assets/…"). */
export function pageModulesTags(atStart: readonly string[], byIsland: Readonly<Record<string, readonly string[]>>): string {
  const islands = Object.entries(byIsland).map(([type, modules]) => `<meta name="${ISLAND_MODULES_META}" data-island-block="${type}" content="${modules.join(' ')}">`);
  return [`<meta name="${APP_MODULES_META}" content="${atStart.join(' ')}">`, ...islands].join('\n    ');
}
