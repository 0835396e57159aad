/**
 * The preview frame's head start: the block modules of the page the editor is opening begin loading while the
 * frame's own modules still load, instead of after them, when the first model arrives and names its blocks. On the
 * dev server every module is a request of its own, and each level of imports a round trip.
 */
import { isBlockType, loadBlockModule } from '../render/block-modules';

export function loadWantedBlocks(): void {
  const wanted = window.parent.__previewBlockTypes;
  // The page's preview only: the block catalogue's example frame shows one block at a time.
  if (!wanted || wanted.frame !== window.frameElement) return;
  void wanted.types.then((types) => {
    // A failure shows when the model needs the block (preview-frame.tsx loads it again and reports it).
    for (const type of types) if (isBlockType(type)) loadBlockModule(type).catch(() => {});
  });
}
