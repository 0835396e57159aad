/**
 * The preview frame's head start: the block modules of the page a frame is sent begin loading while the frame's
 * own modules still load, instead of after them, those of its first screen before the others. On the dev server
 * every module is a request of its own, and each level of imports a round trip.
 */
import { isBlockType, loadBlockModule } from '../../render/block-modules';
import { FIRST_SCREEN_BLOCKS } from '../shared/frame-protocol';
import { onView, type ShownView } from './frame-channel';
import { pageEntries, typeOf } from './page-entries';

/** The block types of a view: those its first screen needs (the header's and the first blocks'), then the others. */
function blockTypesOf(view: ShownView): { first: string[]; rest: string[] } {
  const { header, footer, blocks } = pageEntries(view.documents);
  const types = (raws: unknown[]) => raws.flatMap((raw) => typeOf(raw) ?? []);
  const first = new Set(types([header, ...blocks.slice(0, FIRST_SCREEN_BLOCKS).map((b) => b.raw)]));
  const rest = new Set(types([...blocks.slice(FIRST_SCREEN_BLOCKS).map((b) => b.raw), footer]).filter((type) => !first.has(type)));
  return { first: [...first], rest: [...rest] };
}

export function loadWantedBlocks(): void {
  let done = false;
  const stop = onView((view) => {
    if (done) return;
    done = true;
    queueMicrotask(() => stop());
    const { first, rest } = blockTypesOf(view);
    // A failure shows when the preview needs the block (preview-page.tsx loads it again and reports it).
    const load = (types: string[]) => Promise.allSettled(types.filter(isBlockType).map(loadBlockModule));
    // The first screen's first: on the dev server's six connections, the others' modules would queue before theirs.
    void load(first).then(() => load(rest));
  });
}
