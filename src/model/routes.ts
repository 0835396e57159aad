/**
 * Path → what to show. One matcher for the browser, the prerender and the server, so that a path the
 * server answers 404 is exactly a path the app shows its 404 page for.
 */
export interface RouteTable {
  routes: ReadonlyArray<{ path: string; page: string }>;
  redirects: ReadonlyArray<{ from: string; to: string }>;
}

export type Resolution = { kind: 'page'; page: string; pattern: string; params: Record<string, string> } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

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

/**
 * A list of patterns made ready for matching: static ones by path (the first of equal ones wins), dynamic ones
 * in their order. Static patterns win over dynamic ones, whatever their order in pages.json.
 */
interface CompiledPatterns<T> {
  exact: Map<string, T>;
  dynamic: Array<{ pattern: string; item: T }>;
}

function compile<T>(items: ReadonlyArray<T>, patternOf: (item: T) => string): CompiledPatterns<T> {
  const exact = new Map<string, T>();
  const dynamic: CompiledPatterns<T>['dynamic'] = [];
  for (const item of items) {
    const pattern = patternOf(item);
    if (isDynamicPattern(pattern)) dynamic.push({ pattern, item });
    else if (!exact.has(pattern)) exact.set(pattern, item);
  }
  return { exact, dynamic };
}

function match<T>(compiled: CompiledPatterns<T>, path: string): { item: T; pattern: string; params: Record<string, string> } | null {
  const exact = compiled.exact.get(path);
  if (exact) return { item: exact, pattern: path, params: {} };
  for (const { pattern, item } of compiled.dynamic) {
    const params = matchPattern(pattern, path);
    if (params) return { item, pattern, params };
  }
  return null;
}

// Compiled once per route list: resolving is then one lookup, not a sort of every route (the server, the
// prerender and the content check resolve a path per request, page or link, so that sort made them quadratic).
const compiledRoutes = new WeakMap<RouteTable['routes'], CompiledPatterns<RouteTable['routes'][number]>>();
const compiledRedirects = new WeakMap<RouteTable['redirects'], CompiledPatterns<RouteTable['redirects'][number]>>();

function compiledOf<K extends object, T>(cache: WeakMap<K, CompiledPatterns<T>>, key: K, items: ReadonlyArray<T>, patternOf: (item: T) => string): CompiledPatterns<T> {
  let compiled = cache.get(key);
  if (!compiled) cache.set(key, (compiled = compile(items, patternOf)));
  return compiled;
}

/** One step: the route or the redirect that matches `path` itself, redirects not followed. */
export function resolveStep(table: RouteTable, path: string): Resolution {
  const route = match(
    compiledOf(compiledRoutes, table.routes, table.routes, (r) => r.path),
    path,
  );
  if (route) return { kind: 'page', page: route.item.page, pattern: route.pattern, params: route.params };
  const redirect = match(
    compiledOf(compiledRedirects, table.redirects, table.redirects, (r) => r.from),
    path,
  );
  if (redirect) return { kind: 'redirect', to: fillPattern(redirect.item.to, redirect.params) };
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
