/**
 * Which top-level navigation item the current path belongs to, derived from the navigation data itself:
 * a plain link matches its path and everything under it ("/blogs" ⊃ "/blogs/any-article"); a menu matches
 * every path its groups list ("/cyber-security" → Services).
 */
export interface NavLike {
  href?: string;
  groups?: ReadonlyArray<{ links: ReadonlyArray<{ href: string }> }>;
}

const pathOf = (href: string) => href.split(/[?#]/)[0]!;

function covers(href: string, path: string): boolean {
  const target = pathOf(href);
  if (target === '/') return path === '/';
  return path === target || path.startsWith(`${target}/`);
}

/** The index of the active item, or -1 when the path belongs to none (contact, careers, legal pages …). */
export function activeSectionIndex(items: readonly NavLike[], path: string): number {
  const current = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return items.findIndex((item) => (item.href !== undefined ? covers(item.href, current) : (item.groups ?? []).some((g) => g.links.some((l) => pathOf(l.href) === current))));
}
