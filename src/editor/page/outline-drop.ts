/**
 * Where a block dragged in the outline goes: over the upper half of an entry, before it; over the lower half,
 * after it, whichever way the block travels. One line, drawn by the list rather than by each entry, shows that
 * place for as long as the pointer is over the list (an entry's own enter and leave events flicker over its
 * buttons, and the line used to show in only some drags).
 */
import { useRef, useState } from 'react';
import { moveBlock } from './model/block-actions';

/** The place in the list (0 … count) that a pointer at `clientY` over `item` stands for, and the line's height in the list. */
function placeAt(item: HTMLElement, clientY: number, placeOf: (element: Element) => number): { at: number; line: number } {
  const box = item.getBoundingClientRect();
  const lower = clientY > box.top + box.height / 2;
  return { at: placeOf(item) + (lower ? 1 : 0), line: item.offsetTop + (lower ? item.offsetHeight : 0) };
}

export function useBlockDrop(dragType: string, placeOf: (element: Element) => number) {
  const [line, setLine] = useState<number | null>(null);
  const target = useRef<number | null>(null);
  const clear = () => {
    target.current = null;
    setLine(null);
  };
  const handlers = {
    onDragOver(event: React.DragEvent<HTMLElement>) {
      if (!event.dataTransfer.types.includes(dragType)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      const item = (event.target as Element).closest('li');
      if (!item || item.parentElement !== event.currentTarget) return;
      const place = placeAt(item, event.clientY, placeOf);
      target.current = place.at;
      setLine(place.line);
    },
    onDragLeave(event: React.DragEvent<HTMLElement>) {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) clear();
    },
    onDragEnd: clear,
    onDrop(event: React.DragEvent<HTMLElement>) {
      event.preventDefault();
      const from = Number(event.dataTransfer.getData(dragType));
      const at = target.current;
      clear();
      if (at === null || event.dataTransfer.getData(dragType) === '' || !Number.isInteger(from)) return;
      // The place counts the dragged block itself: below where it was, one fewer is left above.
      moveBlock(from, at > from ? at - 1 : at);
    },
  };
  return { handlers, line };
}
