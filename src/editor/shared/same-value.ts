/** Deep equality of JSON values (key order ignored, as a file's meaning ignores it). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameValue(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((k) => k in right && sameValue(left[k], right[k]));
}

/** The paths at which two JSON values differ, shallowest first; for showing a conflict's both sides. */
export function differingPaths(a: unknown, b: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (sameValue(a, b)) return out;
  const bothArrays = Array.isArray(a) && Array.isArray(b) && a.length === b.length;
  const bothObjects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b);
  if (bothArrays) (a as unknown[]).forEach((item, i) => differingPaths(item, (b as unknown[])[i], [...at, i], out));
  else if (bothObjects) {
    const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
    for (const k of keys) differingPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], [...at, k], out);
  } else out.push(at);
  return out;
}
