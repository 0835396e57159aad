/**
 * The default export of a CommonJS package (react-slick, react-countup). Vite 8's production and SSR builds
 * hand over the module object instead of its default export, and React then fails with error #130; unit
 * tests do not see this, so every such import goes through here.
 */
export function interopDefault<T>(module: T | { default: T }): T {
  const inner = (module as { default?: T }).default;
  return inner !== undefined && inner !== null ? inner : (module as T);
}
