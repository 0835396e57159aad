/** Reading and replacing a value deep inside a document without changing the original (structural sharing). */
export type JsonPath = ReadonlyArray<string | number>;

export { valueAt as getIn } from '../../../model/value-at';

/**
 * A copy of `root` with the value at `path` replaced; `undefined` removes an object's property (an optional
 * field cleared) or an array's item. Only the objects on the way are copied, so every untouched block keeps
 * its identity and the preview re-renders only what changed.
 */
export function setIn<T>(root: T, path: JsonPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const container = (root ?? (typeof head === 'number' ? [] : {})) as Record<string | number, unknown> | unknown[];
  const next = setIn((container as Record<string | number, unknown>)[head!], rest, value);
  if (Array.isArray(container)) {
    const copy = [...container];
    if (next === undefined && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy as T;
  }
  const copy = { ...container } as Record<string, unknown>;
  if (next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy as T;
}

/** The stable text of a path, for lookups: "blocks/3/props/title". */
export const pathKey = (path: JsonPath) => path.join('/');

/** "blocks[3].props.items[2].title" → for people. */
export const pathText = (path: JsonPath) => path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
