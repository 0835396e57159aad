/**
 * A $ref with its own "description" makes json-schema-to-typescript emit numbered copies (Link1, Link2 …) of
 * the same declaration. Keep the first and point every identical copy at it.
 */
export function mergeNumberedCopies(source: string): string {
  const declaration = /(?:\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n)?export (?:interface (\w+) (\{[\s\S]*?\n\})|type (\w+) =\s*([^;]*);)\n/g;
  const bodies = new Map<string, string>();
  for (const m of source.matchAll(declaration)) bodies.set((m[1] ?? m[3])!, (m[2] ?? m[4])!);
  const renames = new Map<string, string>();
  for (const [name, body] of bodies) {
    const base = name.replace(/\d+$/, '');
    if (base !== name && bodies.get(base) === body) renames.set(name, base);
  }
  if (renames.size === 0) return source;
  const withoutCopies = source.replace(declaration, (whole, iName?: string, _b?: string, tName?: string) => (renames.has((iName ?? tName)!) ? '' : whole));
  return withoutCopies.replace(/\b(\w+?\d+)\b/g, (word) => renames.get(word) ?? word);
}

/** The names a generated file declares. */
export function declaredNames(source: string): string[] {
  return [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]!);
}
