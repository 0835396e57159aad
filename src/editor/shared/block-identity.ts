/**
 * What a block entry is known by, in the outline, the form and the preview alike: its type and id (a fragment
 * reference: "fragment" and the fragment's name), and the key that follows it when it moves.
 */

export interface BlockName {
  type: string;
  /** The entry's id, or the fragment's name; empty when it has none. */
  id: string;
}

export function blockName(entry: unknown): BlockName {
  const record = (entry ?? {}) as Record<string, unknown>;
  if (typeof record.fragment === 'string') return { type: 'fragment', id: record.fragment };
  return { type: typeof record.type === 'string' ? record.type : 'unknown block', id: typeof record.id === 'string' ? record.id : '' };
}

/** The key of the block at `index`: its type and id, else its type and place. */
export const blockKey = ({ type, id }: BlockName, index: number) => (id ? `${type}#${id}` : `${type}@${index}`);

/**
 * React keys for a list of blocks that follow a block when it moves, so a block inserted or moved renders only
 * itself again, not every block below it. A repeated id (the content check reports it) gets its place too, as
 * React needs keys that differ.
 */
export function blockKeys(names: readonly BlockName[]): string[] {
  const seen = new Set<string>();
  return names.map((name, index) => {
    let key = blockKey(name, index);
    if (seen.has(key)) key = `${key}@${index}`;
    seen.add(key);
    return key;
  });
}

export const entryKeys = (entries: readonly unknown[]) => blockKeys(entries.map(blockName));
