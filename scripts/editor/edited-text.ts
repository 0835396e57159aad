/**
 * The text a document gets when the editor saves `value`: the file as it is on disk with only the changed
 * properties' text edited (the same edits `npm run migrate` makes), so editing one heading is a one-line diff
 * and an array that changed is the only thing written anew. A value equal to the file's leaves it byte for
 * byte as it was. A new file is written with two-space indentation and a final newline.
 */
import { parseTree } from 'jsonc-parser';
import { applyChanges, diffValues } from '../migrate/props-edits.ts';

const BOM = '\uFEFF';

export function editedText(diskText: string | undefined, value: unknown): string {
  if (diskText === undefined) return `${JSON.stringify(value, null, 2)}\n`;
  // A byte-order mark is kept where it is; the JSON after it is what is edited.
  const bom = diskText.startsWith(BOM) ? BOM : '';
  const text = diskText.slice(bom.length);
  let before: unknown;
  try {
    before = JSON.parse(text);
  } catch {
    // The file on disk is not JSON (being typed into in a text editor): the editor's document replaces it whole.
    return `${bom}${JSON.stringify(value, null, 2)}\n`;
  }
  const tree = parseTree(text);
  if (!tree) return `${bom}${JSON.stringify(value, null, 2)}\n`;
  return bom + applyChanges(text, diffValues(tree, [], before, value));
}
