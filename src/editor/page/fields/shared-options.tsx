/**
 * The `<option>`s of a list, made once per list and shared by every field that offers it: a form with many icon or
 * picture fields otherwise made the same hundreds of options each time it rendered, and React compared them all.
 */
import type { ReactElement } from 'react';

const made = new WeakMap<readonly unknown[], ReactElement[]>();

export function sharedOptions<T>(list: readonly T[], option: (item: T) => ReactElement): ReactElement[] {
  let options = made.get(list);
  if (!options) {
    options = list.map(option);
    made.set(list, options);
  }
  return options;
}
