/** Replace { "fragment": name } entries with the named block from pages.json. */
import { isFragmentRef, type BlockEntry, type FragmentRef } from './block-entry';

export function expandFragments(blocks: ReadonlyArray<BlockEntry | FragmentRef>, fragments: Readonly<Record<string, BlockEntry | undefined>>): BlockEntry[] {
  return blocks.flatMap((entry) => {
    if (!isFragmentRef(entry)) return [entry];
    const block = fragments[entry.fragment];
    // Validation reports a missing fragment; at run time it is simply left out.
    return block ? [block] : [];
  });
}
