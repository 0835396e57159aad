/**
 * Path → what to show. One matcher for the browser, the prerender and the server, so that a path the
 * server answers 404 is exactly a path the app shows its 404 page for.
 */
export interface RouteTable {
  routes: ReadonlyArray<{ path: string; page: string }>;
  redirects: ReadonlyArray<{ from: string; to: string }>;
}

export type Resolution =
  | { kind: 'page'; page: string; pattern: string; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

export function isDynamicPattern(pattern: string): boolean {
  return pattern.split('/').some((s) => s.startsWith(':'));
}

/** Match one pattern ("/blogs/:slug") against a path; null when it does not match. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = have[i]!;
    if (w.startsWith(':')) {
      if (h === '') return null;
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) {
      return null;
    }
  }
  return params;
}

export function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern
    .split('/')
    .map((s) => (s.startsWith(':') ? encodeURIComponent(params[s.slice(1)] ?? '') : s))
    .join('/');
}

/** Static routes win over dynamic ones, whatever their order in pages.json. */
function byPrecedence<T extends { pattern: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => Number(isDynamicPattern(a.pattern)) - Number(isDynamicPattern(b.pattern)));
}

/** One step: the route or the redirect that matches `path` itself, redirects not followed. */
export function resolveStep(table: RouteTable, path: string): Resolution {
  for (const route of byPrecedence(table.routes.map((r) => ({ ...r, pattern: r.path })))) {
    const params = matchPattern(route.pattern, path);
    if (params) return { kind: 'page', page: route.page, pattern: route.pattern, params };
  }
  for (const redirect of byPrecedence(table.redirects.map((r) => ({ ...r, pattern: r.from })))) {
    const params = matchPattern(redirect.pattern, path);
    if (params) return { kind: 'redirect', to: fillPattern(redirect.to, params) };
  }
  return { kind: 'not-found' };
}

export interface RedirectChain {
  /** `path` itself, then every path its redirects lead to, in order (a loop ends with the path met again). */
  paths: string[];
  end: 'page' | 'not-found' | 'loop';
}

/** Where `path` leads when every redirect is followed. */
export function followRedirects(table: RouteTable, path: string): RedirectChain {
  const paths = [path];
  for (;;) {
    const step = resolveStep(table, paths[paths.length - 1]!);
    if (step.kind !== 'redirect') return { paths, end: step.kind };
    const loops = paths.includes(step.to);
    paths.push(step.to);
    if (loops) return { paths, end: 'loop' };
  }
}

/**
 * What to show for a path. A chain of redirects collapses into one (A → B → C sends A straight to C); a loop,
 * which the content check refuses, answers not-found rather than send the visitor round it.
 */
export function resolvePath(table: RouteTable, rawPath: string): Resolution {
  const path = rawPath.split(/[?#]/)[0] || '/';
  // A trailing slash redirects to the path without it, when that path leads somewhere.
  const trimmed = path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
  const chain = followRedirects(table, trimmed);
  if (chain.end === 'loop') return { kind: 'not-found' };
  if (chain.paths.length === 1) return chain.end === 'page' && trimmed !== path ? { kind: 'redirect', to: trimmed } : resolveStep(table, path);
  return { kind: 'redirect', to: chain.paths[chain.paths.length - 1]! };
}

/** The paths that can be rendered ahead of time (no ":param" segment). */
export function staticPaths(table: RouteTable): string[] {
  return table.routes.filter((r) => !isDynamicPattern(r.path)).map((r) => r.path);
}
