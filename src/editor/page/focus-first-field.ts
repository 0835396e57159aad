/**
 * After a block is inserted, focus goes to its first field, where its text is to be written. The block's form
 * comes a moment after the insert (its fields are built in a render of their own, BlockForm), so it is looked for
 * over a few frames; if it never comes, focus goes to the form's title, so that it is at least in the form.
 */
import { fieldId } from './fields/field-frame';
import type { JsonPath } from './model/json-path';

const WAIT_FRAMES = 60;

/** `props`: where the inserted entry's content is (its own props, or a shared section's in pages.json). */
export function focusFirstField(props: JsonPath): void {
  const selector = `#main [id^="${fieldId(props)}_"]:is(input, textarea, select)`;
  let frames = 0;
  const look = () => {
    const field = document.querySelector<HTMLElement>(selector);
    if (field) {
      field.focus();
      field.scrollIntoView({ block: 'nearest' });
    } else if (++frames < WAIT_FRAMES) requestAnimationFrame(look);
    else document.getElementById('form-title')?.focus();
  };
  requestAnimationFrame(look);
}
