/** The nearest known word to a misspelt one, or undefined when nothing is within `tolerance` edits. */
export function didYouMean(word: string, known: readonly string[], tolerance = Math.max(2, Math.floor(word.length / 3))): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  // Only a closer candidate counts, so each count can stop at the best distance so far: with thousands of
  // known paths most candidates are ruled out by their length alone.
  let bestDistance = tolerance + 1;
  for (const candidate of known) {
    const other = candidate.toLowerCase();
    if (Math.abs(other.length - lower.length) >= bestDistance) continue;
    const d = distance(lower, other, bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

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
