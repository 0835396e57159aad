/** Version 2 (one card vocabulary for all card blocks): in every item of "items", "description" becomes "text". */
import { renameItemFields } from '../rename-item-fields.ts';

export default function migrate(props: Record<string, unknown>): Record<string, unknown> {
  return renameItemFields(props, 'items', { description: 'text' });
}
