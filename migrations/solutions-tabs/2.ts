/** Version 2 (one card vocabulary for all card blocks): in every item of "items", "content" becomes "text". */
import { renameItemFields } from '../rename-item-fields.ts';

export default function migrate(props: Record<string, unknown>): Record<string, unknown> {
  return renameItemFields(props, 'items', { content: 'text' });
}
