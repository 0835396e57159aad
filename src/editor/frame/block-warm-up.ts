/**
 * The preview frame's head start: the block modules of the page the editor is opening begin loading while the
 * frame's own modules still load, instead of after them, when the first model arrives and names its blocks, those
 * of its first screen before the others. On the dev server every module is a request of its own, and each level of
 * imports a round trip.
 */
import { isBlockType, loadBlockModule } from '../../render/block-modules';

export function loadWantedBlocks(): void {
  const wanted = window.parent.__previewBlockTypes;
  // The page's preview only: the block catalogue's example frame shows one block at a time.
  if (!wanted?.isPageFrame(window.frameElement)) return;
  // A failure shows when the model needs the block (preview-frame.tsx loads it again and reports it).
  const load = (types: string[]) => Promise.allSettled(types.filter(isBlockType).map(loadBlockModule));
  // The first screen's first: on the dev server's six connections, the others' modules would queue before theirs.
  void wanted.types.then(({ first, rest }) => load(first).then(() => load(rest)));
}
