/**
 * Which block the selected block's form shows, as a React key. The form follows the block, not its place, so a
 * move keeps it; and it survives an edit of the block's own id: keyed by the id alone, the form was built anew on
 * every keystroke in "Id (anchor)", which lost its focus and kept one character.
 */
import { blockKey, blockName, entryKeys } from '../../shared/block-identity';

export interface ShownForm {
  /** The form's React key: the block's key when it was first shown. */
  formKey: string;
  /** The block's key now, and where it stands among how many. */
  key: string;
  index: number;
  type: string;
  count: number;
}

/**
 * The form for the block at `index` of `blocks`, after `shown`. The same key is the same block (moved, perhaps).
 * Another key at the same place, of the same type, with no block added or removed and the old key gone from the
 * page, is the same block whose id was edited; anything else is another block, with a form of its own.
 */
export function nextShownForm(shown: ShownForm | undefined, index: number, blocks: readonly unknown[]): ShownForm {
  const name = blockName(blocks[index]);
  const key = blockKey(name, index);
  const next = { key, index, type: name.type, count: blocks.length };
  if (shown && shown.key === key) return { ...next, formKey: shown.formKey };
  const idEdited = shown !== undefined && shown.index === index && shown.type === name.type && shown.count === blocks.length && !entryKeys(blocks).includes(shown.key);
  return { ...next, formKey: idEdited ? shown.formKey : key };
}
