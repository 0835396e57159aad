/** The nearest known word to a misspelt one, or undefined when nothing is within `tolerance` edits. */
export function didYouMean(word: string, known: readonly string[], tolerance = defaultTolerance(word)): string | undefined {
  return nearestWords(word, known, 1, tolerance)[0];
}

/** Up to `count` known words within `tolerance` edits of a misspelt one, nearest first (ties in the order known). */
export function nearestWords(word: string, known: readonly string[], count: number, tolerance = defaultTolerance(word)): string[] {
  const lower = word.toLowerCase();
  const nearest: Array<{ candidate: string; distance: number }> = [];
  // Only a candidate nearer than the farthest kept counts, so each count can stop at that distance: with
  // thousands of known paths most candidates are ruled out by their length alone.
  const limit = () => (nearest.length < count ? tolerance + 1 : nearest[nearest.length - 1]!.distance);
  for (const candidate of known) {
    const other = candidate.toLowerCase();
    const bound = limit();
    if (Math.abs(other.length - lower.length) >= bound) continue;
    const d = distance(lower, other, bound);
    if (d >= bound) continue;
    const at = nearest.findIndex((n) => n.distance > d);
    nearest.splice(at === -1 ? nearest.length : at, 0, { candidate, distance: d });
    if (nearest.length > count) nearest.pop();
  }
  return nearest.map((n) => n.candidate);
}

const defaultTolerance = (word: string) => Math.max(2, Math.floor(word.length / 3));

/** The edit distance, or `limit` when it is `limit` or more. */
function distance(a: string, b: string, limit: number): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
      if (row[j]! < smallest) smallest = row[j]!;
    }
    if (smallest >= limit) return limit; // no cell of a later row gets below this row's smallest
  }
  return Math.min(row[b.length]!, limit);
}
