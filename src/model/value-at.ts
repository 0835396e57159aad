/** The value at a JSON path inside a document (["blocks", 3, "props", "title"]), or undefined where the path leads nowhere. */
export function valueAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}
