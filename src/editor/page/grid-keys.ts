/**
 * Arrow keys in a grid that wraps with the window (the catalogue, the picture library): how many entries a row
 * holds is read from where the browser placed them, and each key moves to a place clamped to the grid.
 */

/** How many entries one row of the grid holds. */
export function columnsOf(entries: HTMLElement[]): number {
  const top = entries[0]?.offsetTop;
  const row = entries.findIndex((entry) => entry.offsetTop !== top);
  return row === -1 ? entries.length : row;
}

/** The place an arrow, Home or End key moves to from `at`, or undefined for any other key. */
export function movedTo(key: string, at: number, count: number, columns: number): number | undefined {
  const moves: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - columns, ArrowDown: at + columns, Home: 0, End: count - 1 };
  const to = moves[key];
  return to === undefined ? undefined : Math.min(count - 1, Math.max(0, to));
}
