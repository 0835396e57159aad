/**
 * The structural changes of a page: insert, move, duplicate and remove a block. Each is one undo step and
 * moves the selection with the block, so the keyboard user stays where they were.
 */
import { blocksOf, useEditor, type Root } from './editor-store';
import { blockName } from '../../shared/block-identity';
import { announce, entryName } from './announcements';

const withBlocks = (doc: Root, blocks: unknown[]): Root => ({ ...doc, page: { ...doc.page, blocks } });

/** The type's name, or the name with the first free number: "faq", "faq-2", "faq-3" … */
export function freshId(base: string, blocks: readonly unknown[]): string {
  const taken = new Set(blocks.map((b) => blockName(b).id));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

export function insertBlock(at: number, entry: unknown): void {
  const { doc, replace } = useEditor.getState();
  const blocks = [...blocksOf(doc)];
  blocks.splice(at, 0, entry);
  replace(withBlocks(doc, blocks), at);
}

export function moveBlock(from: number, to: number): void {
  const { doc, replace } = useEditor.getState();
  const blocks = [...blocksOf(doc)];
  if (from === to || to < 0 || to >= blocks.length) return;
  const [entry] = blocks.splice(from, 1);
  blocks.splice(to, 0, entry);
  replace(withBlocks(doc, blocks), to);
  announce(`${entryName(entry)} moved to position ${to + 1} of ${blocks.length}.`);
}

export function duplicateBlock(index: number): void {
  const blocks = blocksOf(useEditor.getState().doc);
  const entry = blocks[index] as { id?: string; type?: string } | undefined;
  if (!entry || !entry.type) return;
  insertBlock(index + 1, { ...structuredClone(entry), id: freshId(entry.id ?? entry.type, blocks) });
}

export function removeBlock(index: number): void {
  const { doc, replace } = useEditor.getState();
  const blocks = blocksOf(doc).filter((_, i) => i !== index);
  replace(withBlocks(doc, blocks), blocks.length === 0 ? 'page' : Math.min(index, blocks.length - 1));
  announce(`${entryName(blocksOf(doc)[index])} (block ${index + 1}) removed.`, index);
}
