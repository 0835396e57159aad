/** Which outline entry a path of the editor's documents belongs to (an issue's, a field's). */
import type { Selection } from './editor-store';

/** `blocks`: the page's blocks, where a fragment's path finds the block that inserts it. */
export function selectionOf(path: readonly unknown[], blocks: readonly unknown[]): Selection {
  const [part, first, second] = path;
  if (part === 'page' && first === 'blocks' && typeof second === 'number') return second;
  if (part === 'site' && first === 'layout' && (second === 'header' || second === 'footer')) return second;
  if (part === 'site' && first === 'fragments' && typeof second === 'string') {
    const index = blocks.findIndex((b) => (b as { fragment?: unknown } | null)?.fragment === second);
    if (index >= 0) return index;
  }
  return 'page';
}
