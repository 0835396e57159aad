/** Medians and timing of repeated runs, for every section of the bench. */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Seconds each of `runs` sequential runs of `task` took. */
export async function time(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  const results: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    results.push((performance.now() - started) / 1000);
  }
  return results;
}
