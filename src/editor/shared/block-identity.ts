/**
 * React keys for a page's blocks that follow a block when it moves: its id, or its type and place when it has
 * none. A block inserted or moved then renders only itself again, not every block below it. A repeated id (the
 * content check reports it) gets its place too, as React needs keys that differ.
 */
export function entryKeys(entries: ReadonlyArray<{ type: string; id?: string | undefined }>): string[] {
  const seen = new Set<string>();
  return entries.map(({ type, id }, index) => {
    let key = id ? `#${id}` : `${type}@${index}`;
    if (seen.has(key)) key = `${key}@${index}`;
    seen.add(key);
    return key;
  });
}
